import pg from 'pg';

/**
 * One dedicated PostgreSQL connection for LISTEN (a pooled connection would be handed to other
 * queries): channels and their handlers, re-listened after the connection is lost. While it is down,
 * notifications are missed, so every handler's `onResync` runs once it is back: callers catch up by
 * polling then. A listener that cannot connect never fails a request; callers keep their slow poll.
 */
export interface PgListener {
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onResync?: () => void,
  ): Promise<() => Promise<void>>;
  /** Whether the LISTEN connection is open, and the notifications received on it by channel. */
  stats(): ListenStats;
  close(): Promise<void>;
}

export interface ListenStats {
  connected: boolean;
  notifications: Record<string, number>;
}

interface Subscription {
  onNotify: (payload: string) => void;
  onResync?: () => void;
}

const RECONNECT_MAX_MS = 30_000;

export function createPgListener(config: pg.ClientConfig): PgListener {
  const channels = new Map<string, Set<Subscription>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  let closed = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | null = null;

  const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;

  const received: Record<string, number> = {};

  function dispatch(message: pg.Notification) {
    received[message.channel] = (received[message.channel] ?? 0) + 1;
    for (const s of channels.get(message.channel) ?? []) s.onNotify(message.payload ?? '');
  }

  function lost() {
    client = null;
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect().then((c) => {
        if (!c) return;
        for (const subs of channels.values()) for (const s of subs) s.onResync?.();
      });
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  }

  function connect(): Promise<pg.Client | null> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const c = new pg.Client(config);
      c.on('notification', dispatch);
      c.on('error', () => {
        c.end().catch(() => {});
        if (client === c) lost();
      });
      c.on('end', () => {
        if (client === c) lost();
      });
      try {
        await c.connect();
        for (const channel of channels.keys()) await c.query(`listen ${quoted(channel)}`);
        if (closed) {
          await c.end();
          return null;
        }
        client = c;
        retryMs = 500;
        return c;
      } catch {
        c.end().catch(() => {});
        lost();
        return null;
      } finally {
        connecting = null;
      }
    })();
    return connecting;
  }

  return {
    async listen(channel, onNotify, onResync) {
      const subscription: Subscription = { onNotify, onResync };
      let subs = channels.get(channel);
      if (!subs) {
        subs = new Set();
        channels.set(channel, subs);
        const c = await connect();
        if (!c) {
          channels.delete(channel);
          throw new Error('cannot open the LISTEN connection');
        }
        await c.query(`listen ${quoted(channel)}`);
      }
      subs.add(subscription);
      return async () => {
        subs.delete(subscription);
        if (subs.size === 0 && channels.get(channel) === subs) {
          channels.delete(channel);
          await client?.query(`unlisten ${quoted(channel)}`).catch(() => {});
        }
      };
    },
    stats: () => ({ connected: client !== null, notifications: { ...received } }),
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
