export default function NotFoundPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">404 Page Not Found</h1>
    </main>
  );
}
