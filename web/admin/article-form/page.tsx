// Add article (/admin/archives/add/{year}/{vol}/{issue}) and edit article (/admin/archives/{id}): the route's
// issue or the stored article, loaded, then the form (SPEC §5 fields, §8 messages, the success modal of §4).
import { useParams } from "react-router";
import type { AdminArticle } from "../../../worker/schemas/api";
import { errorCode } from "../admin-api";
import { ErrorState, PageHeader } from "../admin-ui";
import { ResourceView } from "../form-kit";
import { useAdminJson } from "../use-resource";
import { ArticleForm } from "./article-form";
import type { FormMode } from "./validation";
import { emptyValues, fromArticle } from "./values";

const digits = (value: string | undefined) => String(value ?? "").replace(/\D+/g, "");

export function ArticleFormPage({ mode }: { mode: FormMode }) {
  const params = useParams();
  if (mode === "edit") return <EditArticle id={digits(params.id)} />;
  const [year, volume, issue] = [digits(params.year), digits(params.volume), digits(params.issue)];
  return <ArticleForm key={`add:${year}/${volume}/${issue}`} mode="add" initial={emptyValues(year, volume, issue)} article={null} />;
}

function EditArticle({ id }: { id: string }) {
  const loaded = useAdminJson<AdminArticle>(`/api/admin/articles/${id}`);
  return (
    <ResourceView
      resource={loaded}
      loading="Loading article…"
      error={(error) => (
        <>
          <PageHeader title="Edit article" back={{ to: "/admin/archives", label: "Back to archives" }} />
          {errorCode(error) === "not_found" ? (
            <section className="not-found">
              <h1>Not Found!</h1>
            </section>
          ) : (
            <ErrorState onRetry={loaded.reload} />
          )}
        </>
      )}
    >
      {(article) => <ArticleForm key={`edit:${id}:${article.id}`} mode="edit" initial={fromArticle(article)} article={article} />}
    </ResourceView>
  );
}
