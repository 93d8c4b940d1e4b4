// The public site's routes (SPEC §2), one tree for the Worker's render and the browser's hydration. Each route
// has an id naming its loader; where the loader runs is supplied by the caller: in the Worker it reads D1
// (worker/pages/page-loaders.ts), in the browser it fetches the same loader's answer from /_data.
import { lazy, Suspense } from "react";
import type { LoaderFunction, RouteObject } from "react-router";
import type { PageId } from "#contract/pages";
import { PublicLayout } from "./layout";
import { RootError } from "./root-error";
import { HomePage } from "./home-page";
import { BoardPage } from "./board-page";
import { ArchivesPage } from "./archives-page";
import { IssuePage } from "./issue-page";
import { ArticlePage } from "./article-page";
import { CertificatesPage } from "./certificates-page";
import { SearchPage } from "./search-page";
import { InstructionsPage } from "./instructions-page";
import { IndexingPage } from "./indexing-page";
import { ContactPage } from "./contact-page";
import { VerifyPage } from "./verify-page";
import { Loading } from "../components/loading";

// The Submit Online form carries the shared zod schema; only visitors who open it download that code.
const SubmitOnlinePage = lazy(() => import("./submit-online-page").then((m) => ({ default: m.SubmitOnlinePage })));

export type LoaderFor = (id: PageId) => LoaderFunction;

export function publicRoutes(loaderFor: LoaderFor): RouteObject[] {
  const page = (id: PageId, path: string | undefined, element: React.ReactNode): RouteObject =>
    path === undefined ? { id, index: true, loader: loaderFor(id), element } : { id, path, loader: loaderFor(id), element };
  return [
    {
      id: "root",
      path: "/",
      loader: loaderFor("root"),
      // The journal's settings change only when staff edit them; pages keep the ones the document came with.
      shouldRevalidate: () => false,
      element: <PublicLayout />,
      errorElement: <RootError />,
      children: [
        page("home", undefined, <HomePage />),
        page("board", "board", <BoardPage />),
        page("archives", "archives", <ArchivesPage />),
        page("issue", "archives/:year/:vol/:issue", <IssuePage />),
        page("article", "archives/:year/:vol/:issue/:ref", <ArticlePage />),
        page("certificates", "pdf", <CertificatesPage />),
        page("search", "search", <SearchPage />),
        page("instructions", "instructions", <InstructionsPage />),
        page("indexing", "indexing", <IndexingPage />),
        page("contact", "contact", <ContactPage />),
        page("verify", "verify/:code?", <VerifyPage />),
        page(
          "submit",
          "article",
          <Suspense fallback={<Loading lines={8} label="Loading the form…" />}>
            <SubmitOnlinePage />
          </Suspense>,
        ),
      ],
    },
  ];
}
