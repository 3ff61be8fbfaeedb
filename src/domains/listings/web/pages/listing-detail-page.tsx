export default function ListingDetailPage() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">Listing</h1>
    </main>
  );
}
