// /board: enabled editors grouped under Editor-in-Chief, Associate Editors, Assistant Editors (SPEC §2).
import type { PublicEditor as Editor } from "#contract/api";
import { EDITOR_CATEGORIES, type EditorCategory } from "#contract/constants";
import type { MessageId } from "#contract/i18n/messages";

import { RichText } from "../../components/rich-text";
import { usePageData } from "../../lib/page-data";
import { useT } from "../../lib/i18n";

/** Each category's heading (EDITOR_CATEGORY_HEADINGS in English). */
const CATEGORY_HEADINGS: Record<EditorCategory, MessageId> = {
  "chief editor": "board.category.chief",
  "associate editor": "board.category.associate",
  "assistant editor": "board.category.assistant",
};

function EditorCard({ e }: { e: Editor }) {
  const t = useT();
  return (
    <li className="editor-card">
      <img
        className="editor-card__photo"
        src={e.picture_url || "/img/avatar.png"}
        alt={t("board.photoOf", { name: e.name })}
        width={96}
        height={96}
        loading="lazy"
      />
      <div className="editor-card__body">
        <h3 className="editor-card__name">
          <bdi>{e.name}</bdi>
          {e.degree && (
            <span className="editor-card__degree">
              {" "}
              (<bdi>{e.degree}</bdi>)
            </span>
          )}
        </h3>
        {e.post && <RichText as="p" className="editor-card__post" html={e.post} />}
        {e.content && <RichText className="editor-card__affiliation" html={e.content} />}
      </div>
    </li>
  );
}

export function BoardPage() {
  const { editors: data } = usePageData("board");
  const t = useT();

  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">{t("board.title")}</h1>
      </header>
      {EDITOR_CATEGORIES.map((cat) => {
        const people = data.filter((e) => e.category === cat && e.status === "enabled");
        if (people.length === 0) return null;
        return (
          <section key={cat} className="board-group" aria-labelledby={`board-${cat.replace(/\s+/g, "-")}`}>
            <h2 id={`board-${cat.replace(/\s+/g, "-")}`} className="board-group__title">
              {t(CATEGORY_HEADINGS[cat])}
            </h2>
            <ul className={`editor-list${cat === "chief editor" ? " editor-list--chief" : ""}`}>
              {people.map((e) => (
                <EditorCard key={e.id} e={e} />
              ))}
            </ul>
          </section>
        );
      })}
    </article>
  );
}
