import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { cosine } from './vector-store';
import { createModelEmbedder } from './embedder';
import { listingEmbeddingText } from './embed-listings';

/**
 * The one test with the real model (Universal Sentence Encoder Lite, in its worker thread):
 * a listing related in meaning, with few words in common, ranks first.
 */
describe('[RECOMMENDATIONS] the real embedding model', () => {
  const embedder = createModelEmbedder();
  afterAll(() => embedder.close());

  const listing = (title: string, synopsis: string, genre: string) =>
    listingEmbeddingText({
      title,
      synopsis,
      genre,
      logline: null,
      description: null,
      themes: [],
      tags: [],
    });

  it('ranks the related listing first, from a worker thread', async () => {
    const anchor = listing(
      'Small Mercies',
      'After her husband drowns, a mother keeps the family fishing boat going in a Cornish harbour town.',
      'Family drama',
    );
    const related = listing(
      'The Tide Keepers',
      'Three generations of a seaside family hold on to their trawler as the village changes around them.',
      'Drama',
    );
    const others = [
      listing(
        'Orbit Zero',
        'A mutiny aboard a starship at the edge of the galaxy.',
        'Science fiction',
      ),
      listing('Vault', 'A crew of thieves plans the robbery of a London bank.', 'Thriller'),
      listing(
        'Stock Pot',
        'Two rival chefs compete to run the best restaurant in Leeds.',
        'Comedy',
      ),
    ];
    const started = Date.now();
    const [a, r, ...rest] = await embedder.embed([anchor, related, ...others]);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(a).toHaveLength(512);
    const ranked = [r, ...rest]
      .map((vector, index) => ({ index, similarity: cosine(a, vector) }))
      .sort((x, y) => y.similarity - x.similarity);
    expect(ranked[0].index).toBe(0);
  });

  // Issue 33: the model is background work; on Linux its thread takes the lowest priority so
  // that requests and the database run first. Each thread's nice value is in /proc.
  it.runIf(existsSync('/proc/thread-self'))(
    'runs the model on a thread at the lowest priority',
    async () => {
      await embedder.embed(['a warm-up text']);
      const task = `/proc/${process.pid}/task`;
      const niceOf = (tid: string) => {
        const stat = readFileSync(`${task}/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      };
      const nices = readdirSync(task).map(niceOf);
      expect(nices).toContain(19);
      // Only the model's thread: the process itself keeps its priority.
      expect(niceOf(String(process.pid))).toBe(0);
    },
  );

  it('splits a batch across threads and gives each text its own vector, in order', async () => {
    const pool = createModelEmbedder({ workers: 2 });
    try {
      const texts = [
        'A lighthouse keeper and her daughter on a storm-bound island.',
        'A starship crew mutinies at the edge of the galaxy.',
        'Two rival chefs fight over a restaurant in Leeds.',
      ];
      const [alone, split] = await Promise.all([embedder.embed(texts), pool.embed(texts)]);
      expect(split).toHaveLength(3);
      split.forEach((vector, index) => expect(cosine(vector, alone[index])).toBeGreaterThan(0.999));
    } finally {
      await pool.close();
    }
  });
});
