import type { Executor } from '@/server/db/client';
import { notifications } from './notifications.tables';

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body?: string | null;
  /** A path inside the app (never an outside URL). */
  url?: string | null;
}

/** Other rooms notify a person through here (the header's bell shows it at once). */
export async function notify(db: Executor, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map((item) => ({
      userId: item.userId,
      kind: item.kind,
      title: item.title,
      body: item.body ?? null,
      url: item.url?.startsWith('/') && !item.url.startsWith('//') ? item.url : null,
    })),
  );
}
