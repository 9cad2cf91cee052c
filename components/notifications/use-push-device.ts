"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useMyId } from "@/components/shell/use-session";
import { apiRequest } from "@/lib/api-client";
import { PUSH_OWNER_KEY } from "./forget-push-device";
import { base64UrlToBytes, deviceState, pushSupport, subscriptionBody, type PushSupport } from "./push-device";
import { notificationQueries } from "./queries";

const OWNER_KEY = PUSH_OWNER_KEY;
const SUBSCRIPTIONS_PATH = "/notifications/push/subscriptions";

function readSupport(): PushSupport {
  const standalone =
    window.matchMedia?.("(display-mode: standalone)").matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return pushSupport({
    hasServiceWorker: "serviceWorker" in navigator,
    hasPushManager: "PushManager" in window,
    hasNotification: "Notification" in window,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    isStandalone: !!standalone,
  });
}

// The app's service worker (public/sw.js) shows the pushes. Production pages register it as they load
// (components/shell/service-worker.tsx); elsewhere it is registered here, when a person asks for pushes.
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

const readOwner = () => {
  try {
    return window.localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
};
const writeOwner = (id: string | null) => {
  try {
    if (id) window.localStorage.setItem(OWNER_KEY, id);
    else window.localStorage.removeItem(OWNER_KEY);
  } catch {
    // A browser without storage shows the device as not subscribed; 'Activar' subscribes it again (idempotent).
  }
};

/** This device's Web Push subscription: its state, and turning it on (permission, subscribe, POST) and off. */
export function usePushDevice() {
  const key = useQuery(notificationQueries.pushKey());
  const myId = useMyId();
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [permission, setPermission] = useState<NotificationPermission | null>(null);
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [owner, setOwner] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const found = readSupport();
    setSupport(found);
    setOwner(readOwner());
    if (found !== "supported") return;
    setPermission(Notification.permission);
    // Only an existing registration is asked: reading the state must not install the worker.
    void navigator.serviceWorker
      .getRegistration("/")
      .then((reg) => reg?.pushManager.getSubscription())
      .then((sub) => setEndpoint(sub?.endpoint ?? null))
      .catch(() => setEndpoint(null));
  }, []);

  const enable = useCallback(async () => {
    const publicKey = key.data?.publicKey;
    if (!publicKey) return;
    setIsWorking(true);
    setError(null);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer !== "granted") {
        if (answer === "default") setError("No has dado permiso para mostrar notificaciones. Vuelve a intentarlo y pulsa «Permitir».");
        return;
      }
      const reg = await registration();
      const options = { userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) };
      let sub: PushSubscription;
      try {
        sub = await reg.pushManager.subscribe(options);
      } catch (first) {
        // A subscription made with another key (the school's keys changed) must go before a new one is made.
        const old = await reg.pushManager.getSubscription();
        if (!old) throw first;
        await old.unsubscribe();
        sub = await reg.pushManager.subscribe(options);
      }
      const body = subscriptionBody(sub.toJSON());
      if (!body) throw new Error("subscription without keys");
      await apiRequest(SUBSCRIPTIONS_PATH, { method: "POST", json: body });
      writeOwner(myId);
      setOwner(myId);
      setEndpoint(sub.endpoint);
      return true;
    } catch (cause) {
      console.error("[push] subscribe failed", cause);
      setError("No se pudieron activar las notificaciones en este dispositivo. Inténtalo de nuevo más tarde.");
    } finally {
      setIsWorking(false);
    }
  }, [key.data?.publicKey, myId]);

  const disable = useCallback(async () => {
    setIsWorking(true);
    setError(null);
    try {
      const reg = await navigator.serviceWorker.getRegistration("/");
      const sub = await reg?.pushManager.getSubscription();
      if (sub) {
        // The server forgets it first: a device unsubscribed but still stored would only be found out by a 410 later.
        await apiRequest(SUBSCRIPTIONS_PATH, { method: "DELETE", json: { endpoint: sub.endpoint } });
        await sub.unsubscribe();
      }
      writeOwner(null);
      setOwner(null);
      setEndpoint(null);
      return true;
    } catch (cause) {
      console.error("[push] unsubscribe failed", cause);
      setError("No se pudieron desactivar las notificaciones en este dispositivo. Inténtalo de nuevo.");
    } finally {
      setIsWorking(false);
    }
  }, []);

  const publicKey = key.isError ? null : key.data?.publicKey;
  const state = deviceState({ support, publicKey, permission, endpoint, owner, myId });
  return { state, isWorking, error, enable, disable };
}
