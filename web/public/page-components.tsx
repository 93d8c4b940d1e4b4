// Each public page's component, under its registry id (contract/pages.ts PUBLIC_PAGES): the type demands one for
// every page of the registry and no other. The route tree (routes.tsx) is built from the registry and this map.
import type { ComponentType } from "react";
import type { PublicPageId } from "#contract/pages";
import { HomePage } from "./journals/home-page";
import { BoardPage } from "./editors/board-page";
import { ArchivesPage } from "./archive/archives-page";
import { IssuePage } from "./archive/issue-page";
import { SearchPage } from "./archive/search-page";
import { IndexingPage } from "./journals/indexing-page";
import { ContactPage } from "./journals/contact-page";
import { PoliciesPage } from "./journals/policies-page";

/**
 * A page in the entry chunk, or a rarely visited one loaded on first use (`lazy`): React Router loads it before
 * rendering in the Worker and before hydrating in the browser (web/main.tsx), so its HTML is whole either way.
 */
export type PageComponent = ComponentType | { lazy: () => Promise<ComponentType> };

export const PAGE_COMPONENTS: Record<PublicPageId, PageComponent> = {
  home: HomePage,
  board: BoardPage,
  archives: ArchivesPage,
  // Read by authors preparing a submission, not by most readers: the fees, policies DOAJ asks for and the journal's
  // figures load on first use (the public entry stays under its 120 KB goal; docs/benchmarks.md).
  instructions: { lazy: async () => (await import("./journals/instructions-page")).InstructionsPage },
  indexing: IndexingPage,
  contact: ContactPage,
  policies: PoliciesPage,
  // The Submit Online form carries the shared zod schema; only visitors who open it download that code.
  submit: { lazy: async () => (await import("./workflow/submit-online-page")).SubmitOnlinePage },
  // Authors come here once per article: the download form stays out of every other page's entry.
  certificates: { lazy: async () => (await import("./documents/certificates-page")).CertificatesPage },
  search: SearchPage,
  issue: IssuePage,
  // The article page carries the full-text reader, the citation styles and the figures: pages that list articles
  // (home, issues, search) do not download it; an article's own HTML is whole from the Worker before it loads.
  article: { lazy: async () => (await import("./archive/article-page")).ArticlePage },
  // Certificate verification is rare: its code loads on first use.
  verify: { lazy: async () => (await import("./verification/verify-page")).VerifyPage },
};
