/**
 * The support socket (decision 024): says hello with the session token and passes each
 * "changed" push to `onChanged`; on (re)connect it calls `onChanged` too, so whatever arrived
 * while the page was away is fetched. Reconnects with a growing pause, up to 30 s.
 */
import { useEffect, useRef } from 'react';
import { supportSocketPath } from '@pp/contract';

export function useSupportSocket(token: string | null, loginType: 'USER' | 'STAFF', onChanged: (conversationId: string | null) => void): void {
  const handler = useRef(onChanged);
  useEffect(() => {
    handler.current = onChanged;
  });
  useEffect(() => {
    if (!token) return;
    let socket: WebSocket | null = null;
    let pause = 1000;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let isStopped = false;
    const connect = () => {
      const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${supportSocketPath}`;
      socket = new WebSocket(url);
      socket.onopen = () => socket?.send(JSON.stringify({ type: 'hello', token, loginType }));
      socket.onmessage = (event) => {
        let data: { type?: string; conversationId?: string };
        try {
          data = JSON.parse(String(event.data)) as typeof data;
        } catch {
          return;
        }
        if (data.type === 'ready') {
          pause = 1000;
          handler.current(null);
        } else if (data.type === 'changed' && typeof data.conversationId === 'string') {
          handler.current(data.conversationId);
        } else if (data.type === 'denied') {
          isStopped = true;
        }
      };
      socket.onclose = () => {
        if (isStopped) return;
        timer = setTimeout(connect, pause);
        pause = Math.min(pause * 2, 30_000);
      };
    };
    connect();
    return () => {
      isStopped = true;
      if (timer) clearTimeout(timer);
      socket?.close();
    };
  }, [token, loginType]);
}
