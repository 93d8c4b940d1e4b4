// Where the full text stands for readers (not yet, published, or published with later changes in the draft), and
// Publish / Withdraw. Publishing with unsaved changes saves them first, so what staff see is what readers get.
import { useId, useState } from "react";
import type { FulltextAnswer } from "#contract/fulltext";
import { apiPath } from "#contract/routes/endpoint";
import { fulltextApi } from "#contract/routes/fulltext";
import { adminJson } from "../../admin-api";
import { Flash, type FlashMessage } from "../../admin-ui";
import { BusyButton } from "../../form-kit";
import { formatDateTime } from "../../format";
import { fulltextErrorText } from "./fulltext-messages";

export const WITHDRAW_QUESTION = "Withdraw the full text? Readers then see the article's page without it; the draft is kept.";

export function PublishPanel(props: {
  articleId: number;
  /** The public article page, to look at what readers get. */
  pagePath: string;
  fulltext: FulltextAnswer;
  html: string;
  dirty: boolean;
  onChanged: (answer: FulltextAnswer) => void;
}) {
  const id = useId();
  const [busy, setBusy] = useState<"publish" | "withdraw" | null>(null);
  const [flash, setFlash] = useState<FlashMessage | null>(null);
  const { fulltext, dirty } = props;
  const published = fulltext.published_html !== "";
  const pending = dirty || fulltext.unpublished_changes;

  async function publish(yes: boolean) {
    if (busy) return;
    if (!yes && !window.confirm(WITHDRAW_QUESTION)) return;
    setBusy(yes ? "publish" : "withdraw");
    setFlash(null);
    try {
      if (yes && dirty) {
        props.onChanged(
          await adminJson<FulltextAnswer>(apiPath(fulltextApi.saveDraft, { id: props.articleId }), {
            method: "PUT",
            json: { html: props.html },
          }),
        );
      }
      const answer = await adminJson<FulltextAnswer>(apiPath(fulltextApi.publish, { id: props.articleId }), {
        method: "POST",
        json: { publish: yes },
      });
      props.onChanged(answer);
      setFlash(
        yes
          ? { kind: "success", text: "The full text is published.", detail: "Readers see it on the article's page now." }
          : {
              kind: "success",
              text: "The full text is withdrawn.",
              detail: "The article's page shows the abstract and PDF only; the draft is kept.",
            },
      );
    } catch (error) {
      setFlash({
        kind: "error",
        text: yes ? "The full text was not published" : "The full text was not withdrawn",
        detail: fulltextErrorText(error),
      });
    } finally {
      setBusy(null);
    }
  }

  let state: { badge: string; text: string };
  if (!fulltext.converted_at) state = { badge: "badge--neutral", text: "No full text yet: attach the author's Word file below." };
  else if (!published) state = { badge: "badge--neutral", text: "Not published: readers see the abstract and the PDF." };
  else if (pending)
    state = {
      badge: "badge--info",
      text: `Published ${formatDateTime(fulltext.published_at)}; the draft has changes readers do not see yet.`,
    };
  else state = { badge: "badge--success", text: `Published ${formatDateTime(fulltext.published_at)}.` };

  return (
    <section className="panel fulltext-admin__panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form__section-title">
        For readers
      </h2>
      <p className="fulltext-admin__status" role="status">
        <span className={`badge ${state.badge}`}>{published ? "Published" : "Not published"}</span> {state.text}
        {published && (
          <>
            {" "}
            <a href={props.pagePath} target="_blank" rel="noopener">
              Open the article's page
            </a>
          </>
        )}
      </p>
      <Flash message={flash} onClose={() => setFlash(null)} />
      {fulltext.converted_at && (
        <div className="fulltext-admin__actions">
          {(!published || pending) && (
            <BusyButton
              busy={busy === "publish"}
              busyLabel="Publishing…"
              className="btn btn--primary"
              disabled={busy !== null}
              onClick={() => void publish(true)}
            >
              {dirty ? "Save and publish" : published ? "Publish the changes" : "Publish full text"}
            </BusyButton>
          )}
          {published && (
            <BusyButton
              busy={busy === "withdraw"}
              busyLabel="Withdrawing…"
              className="btn btn--secondary"
              disabled={busy !== null}
              onClick={() => void publish(false)}
            >
              Withdraw full text
            </BusyButton>
          )}
        </div>
      )}
    </section>
  );
}
