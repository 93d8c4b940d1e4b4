// An article's full text (/admin/archives/{id}/fulltext, issue 51 items 1, 2 and 4): attach the author's Word file
// (upload progress, then the conversion), read what the converter could not carry over, correct the draft's HTML
// with a preview as readers will see it (kept on this device until saved, a question before leaving unsaved),
// publish or withdraw it, and check the references with their Crossref matches. Its own lazy admin chunk.
import { useState } from "react";
import { Link, useLoaderData, useParams, useRevalidator, useRouteError, type LoaderFunctionArgs } from "react-router";
import type { AdminArticle } from "#contract/api";
import type { FulltextAnswer, ReferencesAnswer } from "#contract/fulltext";
import { richTextToPlain } from "#contract/rich-text";
import { articlePath } from "#contract/citation";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";
import { fulltextApi } from "#contract/routes/fulltext";
import { errorCode } from "../../admin-api";
import { ErrorState, PageHeader, useTitle } from "../../admin-ui";
import { pad } from "../../format";
import { loadAdminJson } from "../../loaders";
import { DraftEditor } from "./draft-editor";
import { PublishPanel } from "./publish-panel";
import { ReferencesPanel } from "./references-panel";
import { WordUpload } from "./word-upload";
import "./fulltext.css";

const digits = (value: string | undefined) => String(value ?? "").replace(/\D+/g, "");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = digits(params.id);
  const [article, fulltext, references] = await Promise.all([
    loadAdminJson<AdminArticle>(apiPath(archiveApi.adminArticle, { id }), request),
    loadAdminJson<FulltextAnswer>(apiPath(fulltextApi.fulltext, { id }), request),
    loadAdminJson<ReferencesAnswer>(apiPath(fulltextApi.references, { id }), request),
  ]);
  return { article, fulltext, references: references.references };
}

function FulltextPage() {
  const loaded = useLoaderData<typeof loader>();
  const article = loaded.article;
  const [fulltext, setFulltext] = useState(loaded.fulltext);
  const [references, setReferences] = useState(loaded.references);
  // The editor's text lives here so the upload can ask before replacing unsaved changes, and Publish can save first.
  const [html, setHtml] = useState(loaded.fulltext.draft_html);
  const dirty = html !== fulltext.draft_html;
  useTitle(`Full text · ${article.refnumber}`);

  const onConverted = (answer: FulltextAnswer, newReferences: ReferencesAnswer["references"] | null) => {
    setFulltext(answer);
    setHtml(answer.draft_html);
    if (newReferences) setReferences(newReferences);
  };
  const onSaved = (answer: FulltextAnswer) => {
    setFulltext(answer);
    setHtml(answer.draft_html);
  };

  return (
    <div className="fulltext-admin">
      <PageHeader
        title="Full text"
        back={{ to: `/admin/archives/${article.id}`, label: "Back to the article" }}
        meta={`${richTextToPlain(article.title)} · Reference ${article.refnumber} · Vol. ${pad(article.volume, 2)}, Issue ${pad(article.issue, 2)} (${article.year})`}
      />
      <PublishPanel
        articleId={article.id}
        pagePath={articlePath(article)}
        fulltext={fulltext}
        html={html}
        dirty={dirty}
        onChanged={onSaved}
      />
      <WordUpload articleId={article.id} fulltext={fulltext} dirty={dirty} onConverted={onConverted} />
      {fulltext.converted_at && (
        <DraftEditor
          key={`${article.id}:${fulltext.converted_at}`}
          articleId={article.id}
          fulltext={fulltext}
          html={html}
          onChange={setHtml}
          onSaved={onSaved}
        />
      )}
      <ReferencesPanel articleId={article.id} references={references} onChange={setReferences} />
    </div>
  );
}

function FulltextPageError() {
  const revalidator = useRevalidator();
  const id = digits(useParams().id);
  return (
    <>
      <PageHeader title="Full text" back={{ to: `/admin/archives/${id}`, label: "Back to the article" }} />
      {errorCode(useRouteError()) === "not_found" ? (
        <section className="not-found">
          <h1>Not Found!</h1>
          <Link to="/admin/archives" className="btn btn--secondary">
            Go to Archives
          </Link>
        </section>
      ) : (
        <ErrorState onRetry={() => void revalidator.revalidate()} />
      )}
    </>
  );
}

export const route = { loader, Component: FulltextPage, ErrorBoundary: FulltextPageError };
