/**
 * A small HTTP client for the cluster test: one user's cookie, the Origin the app expects
 * (CSRF check) and a client address of its own in X-Forwarded-For (the instances trust the
 * proxy), so each test's rate-limit counters are its own, as for separate people.
 */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
}

export class ClusterClient {
  private cookie = '';

  constructor(
    private readonly origin: string,
    private readonly clientIp: string,
  ) {}

  /** A request to `base` (the balancer or one instance); a network failure throws. */
  async send<T = unknown>(
    base: string,
    method: string,
    url: string,
    options: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {
      origin: this.origin,
      'x-forwarded-for': this.clientIp,
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...options.headers,
    };
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length > 0) {
      this.cookie = setCookies.map((cookie) => cookie.split(';')[0]).join('; ');
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON (a PDF, an empty body): the text is the answer.
    }
    return { status: response.status, body: parsed as T, text };
  }

  async login(base: string, email: string, password: string): Promise<{ id: number }> {
    const answer = await this.send<{ id: number }>(base, 'POST', '/api/auth/login', {
      json: { email, password },
    });
    if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${answer.text}`);
    return answer.body;
  }

  /** The raw bytes of a GET (the agreement PDF). */
  async download(base: string, url: string): Promise<Buffer> {
    const response = await fetch(`${base}${url}`, {
      headers: { cookie: this.cookie, 'x-forwarded-for': this.clientIp },
      signal: AbortSignal.timeout(30_000),
    });
    if (response.status !== 200) {
      throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
    }
    return Buffer.from(await response.arrayBuffer());
  }
}

/** A tiny but genuine-looking PDF deck (the upload checks the content, not only the name). */
export function deckForm(): FormData {
  const pdf =
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  const form = new FormData();
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'proposal-deck.pdf');
  return form;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
