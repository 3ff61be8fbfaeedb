import type { FastifyInstance } from 'fastify';

/**
 * Every route the app serves, as "METHOD /path/{param}" (the OpenAPI spelling), read from
 * Fastify's own router: hidden routes (no OpenAPI entry) are there too. HEAD routes that
 * Fastify adds beside every GET are left out.
 */
export function appRoutes(app: FastifyInstance): string[] {
  const routes = new Set<string>();
  // The default printRoutes() tree: one node per line, four columns of drawing per level.
  const stack: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^([│\s├└─]*?)([├└]── )(.*)$/.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    const node = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(match[3]);
    if (!node) continue;
    stack.length = depth;
    stack[depth] = node[1];
    if (!node[2]) continue;
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of node[2].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.add(`${method} ${path}`);
    }
  }
  return [...routes].sort();
}
