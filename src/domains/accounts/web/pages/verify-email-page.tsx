export default function VerifyEmailPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">verify-email</h1>
    </main>
  );
}
