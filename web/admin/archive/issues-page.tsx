// /admin/archives (SPEC §2, §5, §8): the issue list and the 'Add New' issue form.
import { useState, type FormEvent } from "react";
import { Link, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from "react-router";
import { createIssueSchema } from "#contract/admin";
import { ISSUE_MAX, VOLUME_MAX, YEAR_MIN, maxYear } from "#contract/field-rules";
import { SectionsPanel } from "./sections-panel";
import { IssueStateBadge } from "./issue-publication";
import { adminJson } from "../admin-api";
import { saveErrorMessage } from "../save-errors";
import { EmptyState, Flash, PageHeader, useTitle } from "../admin-ui";
import { SubmitButton, TextField, useZodForm } from "../form-kit";
import { LoadError } from "../admin-root";
import { loadAdminJson } from "../loaders";
import { DataTable } from "../data-table";
import { formatDate, pad } from "../format";
import { issuePath } from "../paths";
import type { AdminIssue } from "#contract/api";
import { apiPath } from "#contract/routes/endpoint";
import { archiveApi } from "#contract/routes/archive";

const NEW_ISSUE = { volume: "", issue: "", year: String(new Date().getFullYear()), title: "", publishedAt: "" };

function AddIssueForm({ onCreated, onClose }: { onCreated: () => void; onClose: () => void }) {
  const form = useZodForm<typeof NEW_ISSUE>({
    // The year is chosen (issue 37 item 5), the current one by default as SPEC §5 sets it: back issues and next
    // year's can be made. A title (special issues) and the publication date are optional.
    initial: NEW_ISSUE,
    schema: createIssueSchema,
    // A number outside the shared schema's range counts as missing: the field turns red, the message below says why.
    required: ["volume", "issue", "year"],
    isEmpty: (name, values) => !createIssueSchema.shape[name].safeParse(values[name]).success,
  });
  const year = form.values.year;
  const id = form.idPrefix;

  const submit = (event: FormEvent) =>
    form.submit(event, {
      onInvalid: () => {},
      send: async (input) => {
        await adminJson(apiPath(archiveApi.createIssue), { json: input });
        form.setDone(true);
        // SPEC §11's message; the new issue is unpublished until staff publish it (docs/decisions/0383).
        form.setFlash({
          kind: "success",
          text: "Issue created successfully",
          detail: "It is unpublished: readers see it once you publish it from its page.",
        });
        onCreated();
      },
      onError: (_error, code) => {
        const { volume, issue } = form.values;
        form.setFlash({
          kind: "error",
          text: "Something went wrong",
          detail:
            code === "duplicate_issue"
              ? `Volume ${pad(Number(volume), 2)}, issue ${pad(Number(issue), 2)} of ${year} already exists.`
              : code === "internal_error" || code === "network"
                ? saveErrorMessage(code)
                : undefined,
        });
      },
    });

  function again() {
    form.setValues({ ...NEW_ISSUE, year: form.values.year });
    form.setTried(false);
    form.setDone(false);
    form.setFlash(null);
  }

  // The shared message under the form explains a missing number, so the field only turns red.
  const numberField = (name: "volume" | "issue" | "year", label: string, max: number, min = 0) => (
    <TextField
      field={form.field(name)}
      label={label}
      required
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      step={1}
      autoComplete={undefined}
    />
  );

  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <div className="panel__header">
        <h2 id={`${id}-heading`}>New issue</h2>
        <button type="button" className="btn btn--ghost btn--small" onClick={onClose}>
          Close
        </button>
      </div>
      <form className="inline-form" onSubmit={submit} noValidate>
        {numberField("volume", "Volume", VOLUME_MAX)}
        {numberField("issue", "Issue", ISSUE_MAX)}
        {numberField("year", "Year", maxYear(), YEAR_MIN)}
        <TextField field={form.field("title")} label="Title (special issue)" />
        <TextField field={form.field("publishedAt")} label="Publication date" type="date" />
        <div className="inline-form__actions">
          {!form.done ? (
            <SubmitButton busy={form.busy} busyLabel="Creating…" />
          ) : (
            <button type="button" className="btn btn--secondary" onClick={again}>
              Add another
            </button>
          )}
        </div>
      </form>
      {form.missing.size > 0 && !form.flash && (
        <p className="form-error" role="alert">
          Enter a volume from 0 to {VOLUME_MAX}, an issue number from 0 to {ISSUE_MAX} and a year from {YEAR_MIN} to {maxYear()}.
        </p>
      )}
      <Flash message={form.flash} />
    </section>
  );
}

export function loader({ request }: LoaderFunctionArgs) {
  return loadAdminJson<AdminIssue[]>(apiPath(archiveApi.adminIssues), request);
}

export function IssuesPage() {
  useTitle("Archives");
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const rows = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();

  return (
    <>
      <PageHeader
        title="Archives"
        meta={`${rows.length} ${rows.length === 1 ? "issue" : "issues"}`}
        actions={
          !adding && (
            <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
              Add New
            </button>
          )
        }
      />
      {adding && <AddIssueForm onCreated={() => void revalidator.revalidate()} onClose={() => setAdding(false)} />}
      {rows.length === 0 ? (
        <EmptyState title="No issues yet">
          <p>Create the first issue with Add New.</p>
        </EmptyState>
      ) : (
        <DataTable
          className="table table--rows-link"
          columns={[
            {
              label: "Year",
              cell: (row) => (
                <Link
                  to={issuePath(row)}
                  onClick={(e) => e.stopPropagation()}
                  aria-label={`${row.year}, volume ${pad(row.volume, 2)}, issue ${pad(row.issue, 2)}`}
                >
                  {row.year}
                </Link>
              ),
            },
            { label: "Volume", cell: (row) => pad(row.volume, 2) },
            { label: "Issue", cell: (row) => pad(row.issue, 2) },
            { label: "Articles", headClass: "num", cell: (row) => pad(row.articles, 3) },
            // A special issue's title (issue 37 item 5), after SPEC's columns.
            { label: "Title", cell: (row) => row.title },
            { label: "Creation", cell: (row) => formatDate(row.creation) },
            // Readers see published issues only (issue 48 item 8, docs/decisions/0383).
            { label: "State", cellClass: "nowrap", cell: (row) => <IssueStateBadge status={row.status} publishOn={row.publish_on} /> },
          ]}
          rows={rows}
          rowKey={(row) => `${row.year}-${row.volume}-${row.issue}`}
          onRowClick={(row) => navigate(issuePath(row))}
        />
      )}
      <SectionsPanel />
    </>
  );
}

function IssuesError() {
  useTitle("Archives");
  return <LoadError title="Archives" />;
}

export const route = { loader, Component: IssuesPage, ErrorBoundary: IssuesError };
