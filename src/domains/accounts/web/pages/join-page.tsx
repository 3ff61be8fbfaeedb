export default function JoinPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">join</h1>
    </main>
  );
}
