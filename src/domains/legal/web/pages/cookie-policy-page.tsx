export default function CookiePolicyPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">cookie-policy</h1>
    </main>
  );
}
