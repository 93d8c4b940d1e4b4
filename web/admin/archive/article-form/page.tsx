// Add article (/admin/archives/add/{year}/{vol}/{issue}) and edit article (/admin/archives/{id}): the route's
// issue, or the stored article from the route loader, then the form (SPEC §5 fields, §8 messages, the success modal
// of §4). A failed load shows the edit page's errorElement: "Not Found!" for a deleted article, else the usual error.
import { useMemo } from "react";
import { Link, useLoaderData, useParams, useRevalidator, useRouteError, type LoaderFunctionArgs } from "react-router";
import type { AdminArticle } from "#contract/api";
import { ApiError, errorCode } from "../../admin-api";
import { maxYear } from "#contract/field-rules";
import { ErrorState, PageHeader } from "../../admin-ui";
import { LoadError } from "../../admin-root";
import { loadAdminJson } from "../../loaders";
import { ArticleForm } from "./article-form";
import { emptyValues, fromArticle } from "./values";
import { ArticleUsage } from "../../statistics/article-usage";
import { manuscriptFor, sourceOf } from "../../workflow/publish-from-manuscript";
import { prefilledValues } from "../../workflow/publish-prefill";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";

const digits = (value: string | undefined) => String(value ?? "").replace(/\D+/g, "");

/** Add article: the issue must exist (and be dated at most a year ahead), said when the page opens (issue 26 item 5). */
export async function addLoader({ request, params }: LoaderFunctionArgs) {
  const [year, volume, issue] = [digits(params.year), digits(params.volume), digits(params.issue)];
  if (Number(year) > maxYear()) throw new ApiError(422, "future_year");
  const [, manuscript] = await Promise.all([
    loadAdminJson(apiPath(archiveApi.adminIssue, { year, vol: volume, issue }), request),
    manuscriptFor(request),
  ]);
  return manuscript;
}

function AddArticle() {
  const params = useParams();
  const [year, volume, issue] = [digits(params.year), digits(params.volume), digits(params.issue)];
  // Publish as article (issue 36): the manuscript it comes from fills the form in.
  const manuscript = useLoaderData<typeof addLoader>();
  const empty = emptyValues({ year, volume, issue });
  const source = useMemo(() => (manuscript ? sourceOf(manuscript) : undefined), [manuscript]);
  return (
    <ArticleForm
      key={`add:${year}/${volume}/${issue}:${manuscript?.id ?? ""}`}
      mode="add"
      initial={manuscript ? prefilledValues(empty, manuscript) : empty}
      article={null}
      manuscript={source}
    />
  );
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadAdminJson<AdminArticle>(apiPath(archiveApi.adminArticle, { id: digits(params.id) }), request);
}

function EditArticle() {
  const id = digits(useParams().id);
  const article = useLoaderData<typeof loader>();
  return (
    <>
      <ArticleForm key={`edit:${id}:${article.id}`} mode="edit" initial={fromArticle(article)} article={article} />
      <ArticleUsage articleId={article.id} />
    </>
  );
}

function EditArticleError() {
  const revalidator = useRevalidator();
  const error = useRouteError();
  return (
    <>
      <PageHeader title="Edit article" back={{ to: "/admin/archives", label: "Back to archives" }} />
      {errorCode(error) === "not_found" ? (
        <section className="not-found">
          <h1>Not Found!</h1>
        </section>
      ) : (
        <ErrorState onRetry={() => void revalidator.revalidate()} />
      )}
    </>
  );
}

function AddArticleError() {
  const code = errorCode(useRouteError());
  const { year, volume, issue } = useParams();
  if (code !== "issue_not_found" && code !== "future_year") return <LoadError title="Add article" />;
  const which = `Vol. ${digits(volume)}, Issue ${digits(issue)} (${digits(year)})`;
  return (
    <>
      <PageHeader title="Add article" back={{ to: "/admin/archives", label: "Back to archives" }} />
      <div className="flash flash--error" role="alert">
        <div>
          <p className="flash__text">Something went wrong</p>
          <p className="flash__detail">
            {code === "future_year"
              ? `${which} is dated more than a year ahead: articles cannot be added to it.`
              : `${which} does not exist. Create it under Archives first, then add articles to it.`}
          </p>
        </div>
      </div>
      <Link to="/admin/archives" className="btn btn--secondary">
        Go to Archives
      </Link>
    </>
  );
}

export const addRoute = { loader: addLoader, Component: AddArticle, ErrorBoundary: AddArticleError };
export const editRoute = { loader, Component: EditArticle, ErrorBoundary: EditArticleError };
