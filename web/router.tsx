// Public routes load eagerly; the admin tree is a separate lazy chunk (web/admin/admin-root.tsx) that
// declares its own descendant <Routes> under /admin and guards them with the session.
import { lazy, Suspense } from "react";
import { createBrowserRouter } from "react-router";
import { PublicLayout } from "./public/layout";
import { RootError } from "./public/root-error";
import { HomePage } from "./public/home-page";
import { BoardPage } from "./public/board-page";
import { ArchivesPage } from "./public/archives-page";
import { IssuePage } from "./public/issue-page";
import { ArticlePage } from "./public/article-page";
import { CertificatesPage } from "./public/certificates-page";
import { SearchPage } from "./public/search-page";
import { InstructionsPage } from "./public/instructions-page";
import { IndexingPage } from "./public/indexing-page";
import { ContactPage } from "./public/contact-page";
import { Loading } from "./components/loading";

// The Submit Online form carries the shared zod schema; only visitors who open it download that code.
const SubmitOnlinePage = lazy(() => import("./public/submit-online-page").then((m) => ({ default: m.SubmitOnlinePage })));

export const router = createBrowserRouter([
  {
    // SPEC §2 public routes. Unknown paths and render errors land on the root error screen.
    path: "/",
    element: <PublicLayout />,
    errorElement: <RootError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: "board", element: <BoardPage /> },
      { path: "archives", element: <ArchivesPage /> },
      { path: "archives/:year/:vol/:issue", element: <IssuePage /> },
      { path: "archives/:year/:vol/:issue/:ref", element: <ArticlePage /> },
      { path: "pdf", element: <CertificatesPage /> },
      { path: "search", element: <SearchPage /> },
      { path: "instructions", element: <InstructionsPage /> },
      { path: "indexing", element: <IndexingPage /> },
      { path: "contact", element: <ContactPage /> },
      {
        path: "article",
        element: (
          <Suspense fallback={<Loading lines={8} label="Loading the form…" />}>
            <SubmitOnlinePage />
          </Suspense>
        ),
      },
    ],
  },
  {
    path: "/admin/*",
    // Shown while the admin chunk loads on a first visit straight to an /admin URL.
    HydrateFallback: () => <Loading lines={4} label="Loading the admin area…" />,
    lazy: async () => {
      const { AdminRoot } = await import("./admin/admin-root");
      return { Component: AdminRoot };
    },
  },
]);
