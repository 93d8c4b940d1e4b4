// Loads one admin resource when the component mounts or its key changes; a newer load cancels the older one.
import { useCallback, useEffect, useRef, useState } from "react";
import { adminJson, isAbort } from "./admin-api";

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  /** Loads again (after a change), keeping the current data on screen meanwhile. */
  reload: () => void;
}

export function useResource<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Resource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted || isAbort(reason)) return;
        setError(reason);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, error, loading, reload };
}

/**
 * GETs an admin API path with the session's token, again whenever the path changes. `logAs` names a load whose
 * failure is logged to the console (SPEC §8 says which failures are only logged).
 */
export function useAdminJson<T>(path: string, logAs?: string): Resource<T> {
  return useResource(
    (signal) =>
      adminJson<T>(path, { signal }).catch((error: unknown) => {
        if (logAs && !isAbort(error)) console.error(logAs, error);
        throw error;
      }),
    path,
  );
}
