export default function DisclaimerPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">disclaimer</h1>
    </main>
  );
}
