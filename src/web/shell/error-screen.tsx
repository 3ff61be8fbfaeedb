export function RouteErrorScreen() {
  return (
    <main className="p-8">
      <h1>Something went wrong</h1>
    </main>
  );
}
