export default function CataloguePage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">Browse IP Catalogue</h1>
    </main>
  );
}
