export default function SecuritySettingsPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">security-settings</h1>
    </main>
  );
}
