// The issue's metadata files on the admin issue page, one button each, one component for all: "Crossref XML" (the
// issue's Crossref 5.3.1 deposit, GET /api/admin/crossref/...) and "DOAJ XML" (its articles as DOAJ's article upload
// XML, GET /api/admin/doaj/..., issue 40 item 3, to upload at DOAJ's "Upload article XML").
import { useState } from "react";
import { adminBlob, errorCode, saveBlob } from "../admin-api";
import { BusyButton } from "../form-kit";
import { apiPath } from "#contract/routes/endpoint";
import { scholarlyApi } from "#contract/routes/scholarly";

interface IssueXml {
  label: string;
  title: string;
  /** The file is {api}-{year}-vol{v}-issue{i}.xml; its endpoint is scholarlyApi.crossrefXml or doajXml. */
  api: "crossref" | "doaj";
  /** What staff can do about each refusal (error code -> message); anything else is "Something went wrong". */
  messages: Record<string, string>;
}

const ISSUE_XML: IssueXml[] = [
  {
    label: "Crossref XML",
    title: "Download the Crossref deposit XML of this issue",
    api: "crossref",
    messages: {
      issue_unpublished: "Publish this issue first: Crossref registers only what readers can open.",
      no_dois: "No public article of this issue has a DOI yet: set the DOI prefix in Settings, or a DOI on the articles.",
      missing_issn: "Crossref needs the journal's print or online ISSN: add it in Settings first.",
    },
  },
  {
    label: "DOAJ XML",
    title: "Download this issue's articles as DOAJ XML",
    api: "doaj",
    messages: {
      issue_unpublished: "Publish this issue first: DOAJ lists only what readers can open.",
      no_articles: "This issue has no public article yet.",
      missing_issn: "DOAJ needs the journal's print or online ISSN: add it in Settings first.",
    },
  },
];

interface IssueProps {
  year: string | number;
  volume: string | number;
  issue: string | number;
  onError: (text: string) => void;
  onDone: () => void;
}

function IssueXmlButton({ file, ...props }: IssueProps & { file: IssueXml }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      const blob = await adminBlob(
        apiPath(file.api === "crossref" ? scholarlyApi.crossrefXml : scholarlyApi.doajXml, {
          year: props.year,
          vol: props.volume,
          issue: props.issue,
        }),
      );
      saveBlob(blob, `${file.api}-${props.year}-vol${props.volume}-issue${props.issue}.xml`);
      props.onDone();
    } catch (error) {
      props.onError(file.messages[errorCode(error)] ?? "Something went wrong");
    } finally {
      setBusy(false);
    }
  }
  return (
    <BusyButton busy={busy} busyLabel="Preparing…" onClick={download} className="btn btn--ghost" title={file.title}>
      {file.label}
    </BusyButton>
  );
}

/** "Crossref XML" and "DOAJ XML", side by side. */
export function IssueXmlButtons(props: IssueProps) {
  return (
    <>
      {ISSUE_XML.map((file) => (
        <IssueXmlButton key={file.api} file={file} {...props} />
      ))}
    </>
  );
}
