// The public layout: header, the page between two sidebars, footer, and the mobile chat button.
import { Outlet, ScrollRestoration } from "react-router";
import { HeadSync } from "./head-sync";
import { NavigationProgress } from "./navigation-progress";
import { SiteHeader } from "./header";
import { AuthorsSidebar, JournalSidebar } from "./sidebars";
import { SiteFooter } from "./footer";
import { PageAnnouncer } from "./page-announcer";
import { useT } from "../lib/i18n";

export function PublicLayout() {
  const t = useT();
  return (
    <>
      <HeadSync />
      <NavigationProgress />
      <div className="site">
        <a className="skip-link" href="#main">
          {t("site.skipLink")}
        </a>
        <SiteHeader />
        <div className="container layout">
          <main id="main" className="layout__main" tabIndex={-1}>
            <Outlet />
            <PageAnnouncer />
          </main>
          <JournalSidebar />
          <AuthorsSidebar />
        </div>
        <SiteFooter />
      </div>
      <ScrollRestoration />
    </>
  );
}
