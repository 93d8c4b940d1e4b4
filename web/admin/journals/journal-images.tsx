// The journal's own images in Settings (docs/decisions/0163): logo, sidebar cover image and certificate image.
// Each uploads on its own (the checks of editor pictures: JPEG, PNG, WebP or GIF by content, at most 2 MB); until
// one is uploaded, the site shows an image drawn from the journal's name and ISSN.
import { useState } from "react";
import type { Settings } from "#contract/api";
import { BRANDING_KINDS, BRANDING_LABELS, type BrandingKind } from "#contract/branding";
import { IMAGE_MAX_BYTES } from "#contract/constants";
import { adminJson, errorCode } from "../admin-api";
import { formatBytes } from "../format";
import { saveErrorMessage } from "../save-errors";
import { apiPath } from "#contract/routes/endpoint";
import { settingsApi } from "#contract/routes/journals";

type Urls = Pick<Settings, "logo_url" | "cover_image_url" | "certificate_image_url">;
const URL_OF: Record<BrandingKind, keyof Urls> = { logo: "logo_url", cover: "cover_image_url", certificate: "certificate_image_url" };
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export function JournalImages({ initial }: { initial: Urls }) {
  const [urls, setUrls] = useState<Urls>(initial);
  return (
    <section className="form panel form__section" aria-labelledby="journal-images-title">
      <h2 id="journal-images-title" className="form__section-title">
        Journal images
      </h2>
      <p className="field__hint">
        Until you upload one, the site shows an image drawn from the journal's name and ISSN. JPEG, PNG, WebP or GIF, at most{" "}
        {formatBytes(IMAGE_MAX_BYTES)}.
      </p>
      <div className="grid-2">
        {BRANDING_KINDS.map((kind) => (
          <ImageField key={kind} kind={kind} url={urls[URL_OF[kind]]} onSaved={setUrls} />
        ))}
      </div>
    </section>
  );
}

function ImageField({ kind, url, onSaved }: { kind: BrandingKind; url: string; onSaved: (u: Urls) => void }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `journal-image-${kind}`;
  const custom = url !== "" && !url.endsWith(`/${kind}.svg`);
  async function send(file: File | null) {
    setMessage(null);
    if (file && file.size > IMAGE_MAX_BYTES) {
      setMessage({ ok: false, text: `The image is too large (${formatBytes(file.size)}). The limit is ${formatBytes(IMAGE_MAX_BYTES)}.` });
      return;
    }
    setBusy(true);
    try {
      let form: FormData | undefined;
      if (file) {
        form = new FormData();
        form.append("imgFile", file);
      }
      onSaved(
        await adminJson<Urls>(
          apiPath(file ? settingsApi.saveImage : settingsApi.deleteImage, { kind }),
          file ? { form } : { method: "DELETE" },
        ),
      );
      setMessage({ ok: true, text: file ? "Image uploaded" : "Back to the default image" });
    } catch (err) {
      const code = errorCode(err);
      setMessage({ ok: false, text: code === "invalid_file_type" ? "Only JPEG, PNG, WebP or GIF images." : saveErrorMessage(code) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="field" data-testid={`journal-image-${kind}`}>
      <label htmlFor={id} className="field__label">
        {BRANDING_LABELS[kind]}
      </label>
      {url ? (
        <img src={url} alt={`Current ${BRANDING_LABELS[kind].toLowerCase()}`} style={{ maxWidth: 160, maxHeight: 160, display: "block" }} />
      ) : null}
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0] ?? null;
          e.currentTarget.value = "";
          if (file) void send(file);
        }}
      />
      {custom ? (
        <button type="button" className="btn btn--secondary btn--small" disabled={busy} onClick={() => void send(null)}>
          Use the default
        </button>
      ) : null}
      {message ? (
        <p className={message.ok ? "field__hint" : "field__error"} role={message.ok ? "status" : "alert"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
