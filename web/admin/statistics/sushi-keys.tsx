// "COUNTER_SUSHI access" on the dashboard (issue 40 item 4): the API keys libraries harvest usage with at
// /api/sushi/. A new key is shown once (only its last four characters are kept afterwards) with its own customer_id,
// which stays on the list (issue 46, docs/decisions/0310); a key can be revoked.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { adminJson } from "../admin-api";
import { apiPath } from "#contract/routes/endpoint";
import { sushiApi } from "#contract/routes/sushi";

/** The SUSHI API's base address, as COUNTER's harvesters ask for it (they add /r51/…). */
const SUSHI_BASE = sushiApi.status.path.replace(/\/r51\/status$/, "");

interface SushiKey {
  id: number;
  customer_name: string;
  customer_id: string;
  key_hint: string;
  created_at: string;
  created_by: string;
  revoked_at: string;
}

export function SushiKeys() {
  const [keys, setKeys] = useState<SushiKey[] | null>(null);
  const [made, setMade] = useState<{ key: string; name: string; customerId: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const load = useCallback(async () => setKeys((await adminJson<{ keys: SushiKey[] }>(apiPath(sushiApi.keys))).keys), []);
  useEffect(() => {
    load().catch((error) => console.error("Loading SUSHI keys failed", error));
  }, [load]);

  async function act(action: () => Promise<void>) {
    setBusy(true);
    setProblem(null);
    try {
      await action();
      await load();
    } catch (error) {
      console.error("SUSHI key change failed", error);
      setProblem("Something went wrong");
    } finally {
      setBusy(false);
    }
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("customer_name") ?? "").trim();
    if (name.length < 2) return setProblem("Enter the library's name.");
    void act(async () => {
      const body = await adminJson<{ key: string; customer_id: string }>(apiPath(sushiApi.createKey), {
        json: { customer_name: name },
      });
      setMade({ key: body.key, name, customerId: body.customer_id });
      form.reset();
    });
  }

  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <section className="panel sushi-keys" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form__section-title">
        COUNTER_SUSHI access for libraries
      </h2>
      <p className="field__hint">
        Libraries harvest COUNTER R5.1 usage reports from the base URL{" "}
        <code>
          {origin}
          {SUSHI_BASE}
        </code>{" "}
        with an API key made here and its customer ID (or <code>0000000000000000</code>: either way the usage is the world's, as it is not
        attributed to institutions).
      </p>
      {made && (
        <p className="sushi-keys__new" role="status">
          Key for {made.name}: <code>{made.key}</code>, customer ID <code>{made.customerId}</code> — copy the key now, it is not shown
          again.
        </p>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      <form className="sushi-keys__form" onSubmit={create}>
        <label htmlFor={`${id}-name`}>Library</label>
        <input id={`${id}-name`} name="customer_name" placeholder="University Library of …" autoComplete="off" />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Make a key
        </button>
      </form>
      {keys && keys.length > 0 && (
        <ul className="sushi-keys__list">
          {keys.map((k) => (
            <li key={k.id}>
              <strong>{k.customer_name}</strong> · customer ID <code>{k.customer_id}</code> · key …{k.key_hint} · made{" "}
              {new Date(k.created_at).toLocaleDateString()}
              {k.created_by && ` by ${k.created_by}`}
              {k.revoked_at ? (
                <span className="badge badge--neutral">Revoked</span>
              ) : (
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={busy}
                  onClick={() =>
                    void act(async () => void (await adminJson(apiPath(sushiApi.revokeKey, { id: k.id }), { method: "DELETE" })))
                  }
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
