// The journal's sections (issue 37 item 5) on /admin/archives: Research Articles, Review Articles, ... in the order the
// public issue page groups its table by; add one, rename one, move one up or down. Each article's section is chosen
// in its issue's table. Delete one: at once when no article is in it; otherwise the server refuses (409
// section_in_use, with the count) and the panel asks where its articles go (docs/decisions/0262).
import { useEffect, useState, type FormEvent } from "react";
import { SECTION_MESSAGES, SUGGESTED_SECTIONS, type Section } from "#contract/issues";
import { ApiError, adminJson, errorCode } from "../admin-api";
import { Field, Flash, type FlashMessage } from "../admin-ui";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";

export function SectionsPanel() {
  const [sections, setSections] = useState<Section[] | null>(null);
  const [title, setTitle] = useState("");
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const [busy, setBusy] = useState(false);
  /** A section in use that the user asked to delete: how many articles it has, and where they should go. */
  const [moving, setMoving] = useState<{ section: Section; articles: number; to: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    adminJson<Section[]>(apiPath(archiveApi.sections), { signal: controller.signal })
      .then(setSections)
      .catch((err) => {
        if (!controller.signal.aborted) console.error("Loading the sections failed", err);
      });
    return () => controller.abort();
  }, []);

  async function act(run: () => Promise<Section[]>, done: string) {
    setBusy(true);
    setFlash(null);
    try {
      setSections(await run());
      setFlash({ kind: "success", text: done });
    } catch (err) {
      setFlash({ kind: "error", text: SECTION_MESSAGES[errorCode(err)] ?? "Something went wrong" });
    } finally {
      setBusy(false);
    }
  }

  function add(event: FormEvent) {
    event.preventDefault();
    const name = title.trim();
    if (!name) {
      setFlash({ kind: "error", text: SECTION_MESSAGES.invalid_input });
      return;
    }
    void act(async () => {
      await adminJson(apiPath(archiveApi.addSection), { json: { title: name } });
      setTitle("");
      return adminJson<Section[]>(apiPath(archiveApi.sections));
    }, `${name} added`);
  }

  async function remove(section: Section, moveTo?: number | null) {
    if (moveTo === undefined && !window.confirm(`Delete the section “${section.title}”?`)) return;
    setBusy(true);
    setFlash(null);
    try {
      const body = moveTo === undefined ? undefined : { json: { moveTo }, method: "DELETE" };
      const answer = await adminJson<{ moved: number }>(
        apiPath(archiveApi.deleteSection, { id: section.id }),
        body ?? { method: "DELETE" },
      );
      setMoving(null);
      setSections(await adminJson<Section[]>(apiPath(archiveApi.sections)));
      setFlash({
        kind: "success",
        text: `${section.title} deleted${answer.moved ? ` (${answer.moved} ${answer.moved === 1 ? "article" : "articles"} moved)` : ""}`,
      });
    } catch (err) {
      if (errorCode(err) === "section_in_use" && err instanceof ApiError) {
        // In use: say how many, and offer to move them.
        setMoving({ section, articles: Number(err.body.articles ?? 0), to: "" });
      } else setFlash({ kind: "error", text: SECTION_MESSAGES[errorCode(err)] ?? "Something went wrong" });
    } finally {
      setBusy(false);
    }
  }

  function move(index: number, by: -1 | 1) {
    if (!sections) return;
    const ids = sections.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id);
    void act(
      () => adminJson<Section[]>(apiPath(archiveApi.sectionOrder), { json: { ids } }),
      `${sections[index].title} moved ${by < 0 ? "up" : "down"}`,
    );
  }

  return (
    <section className="panel form__section sections-panel" aria-labelledby="sections-title">
      <h2 id="sections-title" className="form__section-title">
        Sections
      </h2>
      <p className="muted">Issue pages group their articles by section, in this order. Choose an article's section in its issue's table.</p>
      <Flash message={flash} onClose={() => setFlash(null)} />
      {sections === null ? null : sections.length === 0 ? (
        <p className="muted">No sections yet: every issue shows one table.</p>
      ) : (
        <ol className="sections-list">
          {sections.map((s, i) => (
            <li key={s.id}>
              <span className="sections-list__title">{s.title}</span>
              <span className="row-actions">
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  disabled={busy || i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={`Move ${s.title} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn--secondary btn--small"
                  disabled={busy || i === sections.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move ${s.title} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="btn btn--danger btn--small"
                  disabled={busy}
                  onClick={() => void remove(s)}
                  aria-label={`Delete ${s.title}`}
                >
                  Delete
                </button>
              </span>
              {moving?.section.id === s.id ? (
                <div className="sections-list__move" role="group" aria-label={`Where the articles of ${s.title} go`}>
                  <p role="alert">
                    {moving.articles === 1 ? "1 article is" : `${moving.articles} articles are`} in {s.title}. Move{" "}
                    {moving.articles === 1 ? "it" : "them"} before the section is deleted:
                  </p>
                  <label htmlFor={`section-move-${s.id}`} className="visually-hidden">
                    Move the articles of {s.title} to
                  </label>
                  <select
                    id={`section-move-${s.id}`}
                    className="input input--small"
                    value={moving.to}
                    onChange={(e) => setMoving({ ...moving, to: e.currentTarget.value })}
                  >
                    <option value="">Choose…</option>
                    {sections
                      .filter((o) => o.id !== s.id)
                      .map((o) => (
                        <option key={o.id} value={o.id}>
                          To {o.title}
                        </option>
                      ))}
                    <option value="none">To no section</option>
                  </select>
                  <button
                    type="button"
                    className="btn btn--danger btn--small"
                    disabled={busy || !moving.to}
                    onClick={() => void remove(s, moving.to === "none" ? null : Number(moving.to))}
                  >
                    Move and delete
                  </button>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setMoving(null)}>
                    Cancel
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <form className="inline-form" onSubmit={add} noValidate>
        <Field id="section-new" label="New section">
          <input
            id="section-new"
            className="input"
            list="section-suggestions"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
        </Field>
        <datalist id="section-suggestions">
          {SUGGESTED_SECTIONS.filter((t) => !sections?.some((s) => s.title === t)).map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <div className="inline-form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            Add section
          </button>
        </div>
      </form>
    </section>
  );
}
