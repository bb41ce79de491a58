"use client";

import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

/** Spec §9: the delay before reconnecting after the live socket closes. */
export const LIVE_RECONNECT_DELAY_MS = 3000;
/** Several events in a burst (a message and its notification) cause one refresh. */
const REVALIDATE_DEBOUNCE_MS = 100;

const EVENT_TYPES = new Set(["notification", "message", "job_update", "booking_update"]);

/**
 * The signed-in user's live channel (/ws). Every event refreshes the data of
 * the page on screen (header badges, conversations and the open thread, job
 * lists, the open booking) without a reload: the loaders re-run; so does
 * reconnecting (3 s after a close, to any instance). Bad messages
 * and connection errors are only logged. Without JavaScript pages are simply
 * fresh on each load.
 */
export function LiveUpdates({ userId }: { userId: string }) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const revalidate = useRef(revalidator.revalidate);
  const navigating = useRef(false);
  const deferred = useRef(false);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
    navigating.current = navigation.state !== "idle";
    // An event during a navigation waits for it: revalidating would cancel the
    // navigation's loads, and with them the toast the server already handed out.
    if (!navigating.current && deferred.current) {
      deferred.current = false;
      void revalidator.revalidate();
    }
  });

  useEffect(() => {
    let socket: WebSocket | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let refresh: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let reconnecting = false;

    const scheduleRefresh = () => {
      clearTimeout(refresh);
      refresh = setTimeout(() => {
        if (navigating.current) deferred.current = true;
        else void revalidate.current();
      }, REVALIDATE_DEBOUNCE_MS);
    };

    const connect = () => {
      const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
      socket = new WebSocket(`${protocol}//${window.location.host}/ws?userId=${encodeURIComponent(userId)}`);
      // Events sent while the socket was down are gone: a reconnected page catches up by reloading its data.
      socket.onopen = () => {
        if (reconnecting) scheduleRefresh();
      };
      socket.onmessage = (event) => {
        let message: { type?: unknown; data?: unknown };
        try {
          message = JSON.parse(String(event.data));
        } catch {
          console.warn("live update: not JSON", event.data);
          return;
        }
        if (typeof message.type !== "string" || !EVENT_TYPES.has(message.type)) {
          console.warn("live update: unknown message", message);
          return;
        }
        scheduleRefresh();
      };
      socket.onerror = () => console.warn("live update: connection error");
      socket.onclose = () => {
        if (stopped) return;
        reconnecting = true;
        reconnect = setTimeout(connect, LIVE_RECONNECT_DELAY_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearTimeout(refresh);
      socket?.close();
    };
  }, [userId]);

  return null;
}
