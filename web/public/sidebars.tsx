// The two sidebars of SPEC §2: submission e-mail, contact phone, chat link and Journal List on one side;
// search, the certificate image and the cover page image on the other. Plus the floating chat button that
// only narrow screens show (CSS), since wide screens have the sidebar chat link in view.
import { Link, useLocation } from "react-router";
import { ChatIcon, ListIcon, MailIcon, PhoneIcon, SearchIcon } from "../components/icons";
import { SearchForm } from "../components/search-form";
import { whatsappLink } from "../lib/format";
import { useJournalName, useSettings } from "./journal-context";
import { useT } from "../lib/i18n";

/** The chat link with its prefilled question in the page's language, or null when no number is configured. */
function useChatLink(): string | null {
  const s = useSettings();
  const name = useJournalName();
  const t = useT();
  return s ? whatsappLink(s.whatsup_number, t("site.sidebar.chatGreeting", { journal: name })) : null;
}

export function AuthorsSidebar() {
  const s = useSettings();
  const t = useT();
  const chat = useChatLink();
  return (
    <aside className="sidebar sidebar--authors" aria-label={t("site.sidebar.authorsLabel")}>
      <section className="side-box side-box--accent">
        <h2 className="side-box__title">{t("site.sidebar.submitManuscript")}</h2>
        <p className="side-box__text">{t("site.sidebar.sendByEmail")}</p>
        {s?.websiteemail && (
          <a className="side-link side-link--strong" href={`mailto:${s.websiteemail}`} data-testid="submission-email">
            <MailIcon /> <span>{s.websiteemail}</span>
          </a>
        )}
        <Link to="/article" className="button button--block">
          {t("site.submitOnline")}
        </Link>
      </section>

      <section className="side-box">
        <h2 className="side-box__title">{t("site.sidebar.contact")}</h2>
        {s?.whatsup_number && (
          <a className="side-link" href={`tel:+${s.whatsup_number.replace(/\D+/g, "")}`} data-testid="contact-phone">
            <PhoneIcon /> <span>{s.whatsup_number}</span>
          </a>
        )}
        {chat && (
          <a className="side-link side-link--chat" href={chat} target="_blank" rel="noopener noreferrer" data-testid="chat-link">
            <ChatIcon /> <span>{t("site.sidebar.chat")}</span>
          </a>
        )}
      </section>

      <section className="side-box">
        <h2 className="side-box__title">{t("site.sidebar.journal")}</h2>
        <Link to="/archives" className="side-link" data-testid="journal-list-link">
          <ListIcon /> <span>{t("site.sidebar.journalList")}</span>
        </Link>
        <Link to="/instructions" className="side-link">
          <ListIcon /> <span>{t("site.sidebar.instructions")}</span>
        </Link>
      </section>
      {/* Floats over the page on narrow screens, but belongs to this landmark (no content outside landmarks). */}
      <ChatButton />
    </aside>
  );
}

export function JournalSidebar() {
  const onSearchPage = useLocation().pathname.replace(/\/+$/, "") === "/search";
  // The journal's own images (uploaded in Settings, else drawn from its name and ISSN: docs/decisions/0163).
  const s = useSettings();
  const t = useT();
  return (
    <aside className="sidebar sidebar--journal" aria-label={t("site.sidebar.journalLabel")}>
      {/* /search has its own search form: one search landmark a page. */}
      {!onSearchPage && (
        <section className="side-box">
          <h2 className="side-box__title">{t("site.sidebar.search")}</h2>
          <SearchForm searchPath="/search" inputId="sidebar-search" className="search-box">
            <SearchIcon />
          </SearchForm>
        </section>
      )}
      <section className="side-box">
        <h2 className="side-box__title">{t("site.sidebar.certificate")}</h2>
        <Link to="/pdf" className="side-figure">
          <img
            src={s?.certificate_image_url || "/assets/branding/certificate.svg"}
            alt={t("site.sidebar.certificateAlt")}
            width={600}
            height={425}
            loading="lazy"
            data-testid="sidebar-certificate-image"
          />
          <span>{t("site.sidebar.downloadYourCertificate")}</span>
        </Link>
      </section>
      <section className="side-box">
        <h2 className="side-box__title">{t("site.sidebar.cover")}</h2>
        <Link to="/archives" className="side-figure">
          <img
            src={s?.cover_image_url || "/assets/branding/cover.svg"}
            alt={t("site.sidebar.coverAlt")}
            width={424}
            height={600}
            loading="lazy"
            data-testid="sidebar-cover-image"
          />
          <span>{t("site.sidebar.browseIssues")}</span>
        </Link>
      </section>
    </aside>
  );
}

/** Floating WhatsApp button, shown only on narrow screens (see .chat-fab in site.css). */
export function ChatButton() {
  const t = useT();
  const chat = useChatLink();
  if (!chat) return null;
  return (
    <a
      className="chat-fab"
      href={chat}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("site.sidebar.chat")}
      data-testid="chat-fab"
    >
      <ChatIcon width={28} height={28} />
    </a>
  );
}
