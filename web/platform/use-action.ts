// One pattern for every console form and button: run the call, show the server's message on failure.
import { useState } from "react";

export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  async function run(action: () => Promise<unknown>) {
    setBusy(true);
    setError("");
    setNotice("");
    try {
      const message = await action();
      if (typeof message === "string" && message) setNotice(message);
    } catch (err) {
      setError((err as Error).message || "Something went wrong");
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, notice, run };
}
