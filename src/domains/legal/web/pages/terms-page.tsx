export default function TermsPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">terms</h1>
    </main>
  );
}
