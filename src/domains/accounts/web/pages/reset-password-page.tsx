export default function ResetPasswordPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">reset-password</h1>
    </main>
  );
}
