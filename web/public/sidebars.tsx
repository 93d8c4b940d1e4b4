// The two sidebars of SPEC §2: submission e-mail, contact phone, chat link and Journal List on one side;
// search, the certificate image and the cover page image on the other. Plus the floating chat button that
// only narrow screens show (CSS), since wide screens have the sidebar chat link in view.
import { Link, useLocation } from "react-router";
import { ChatIcon, ListIcon, MailIcon, PhoneIcon, SearchIcon } from "../components/icons";
import { SearchForm } from "../components/search-form";
import { whatsappLink } from "../lib/format";
import { useJournalName, useSettings } from "./journal-context";

export function AuthorsSidebar() {
  const s = useSettings();
  const name = useJournalName();
  const chat = s ? whatsappLink(s.whatsup_number, name) : null;
  return (
    <aside className="sidebar sidebar--authors" aria-label="For authors">
      <section className="side-box side-box--accent">
        <h2 className="side-box__title">Submit Manuscript</h2>
        <p className="side-box__text">Send your manuscript by e-mail:</p>
        {s?.websiteemail && (
          <a className="side-link side-link--strong" href={`mailto:${s.websiteemail}`} data-testid="submission-email">
            <MailIcon /> <span>{s.websiteemail}</span>
          </a>
        )}
        <Link to="/article" className="button button--block">
          Submit Online
        </Link>
      </section>

      <section className="side-box">
        <h2 className="side-box__title">Contact</h2>
        {s?.whatsup_number && (
          <a className="side-link" href={`tel:+${s.whatsup_number.replace(/\D+/g, "")}`} data-testid="contact-phone">
            <PhoneIcon /> <span>{s.whatsup_number}</span>
          </a>
        )}
        {chat && (
          <a className="side-link side-link--chat" href={chat} target="_blank" rel="noopener noreferrer" data-testid="chat-link">
            <ChatIcon /> <span>Chat with us on WhatsApp</span>
          </a>
        )}
      </section>

      <section className="side-box">
        <h2 className="side-box__title">Journal</h2>
        <Link to="/archives" className="side-link" data-testid="journal-list-link">
          <ListIcon /> <span>Journal List</span>
        </Link>
        <Link to="/instructions" className="side-link">
          <ListIcon /> <span>Instructions to Authors</span>
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
  return (
    <aside className="sidebar sidebar--journal" aria-label="Search and downloads">
      {/* /search has its own search form: one search landmark a page. */}
      {!onSearchPage && (
        <section className="side-box">
          <h2 className="side-box__title">Search</h2>
          <SearchForm searchPath="/search" inputId="sidebar-search" className="search-box">
            <SearchIcon />
          </SearchForm>
        </section>
      )}
      <section className="side-box">
        <h2 className="side-box__title">Publication Certificate</h2>
        <Link to="/pdf" className="side-figure">
          <img
            src={s?.certificate_image_url || "/assets/branding/certificate.svg"}
            alt="Sample certificate of publication"
            width={600}
            height={425}
            loading="lazy"
            data-testid="sidebar-certificate-image"
          />
          <span>Download your certificate</span>
        </Link>
      </section>
      <section className="side-box">
        <h2 className="side-box__title">Cover Page</h2>
        <Link to="/archives" className="side-figure">
          <img
            src={s?.cover_image_url || "/assets/branding/cover.svg"}
            alt="Journal cover page"
            width={424}
            height={600}
            loading="lazy"
            data-testid="sidebar-cover-image"
          />
          <span>Browse the issues</span>
        </Link>
      </section>
    </aside>
  );
}

/** Floating WhatsApp button, shown only on narrow screens (see .chat-fab in site.css). */
export function ChatButton() {
  const s = useSettings();
  const name = useJournalName();
  const chat = s ? whatsappLink(s.whatsup_number, name) : null;
  if (!chat) return null;
  return (
    <a
      className="chat-fab"
      href={chat}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      data-testid="chat-fab"
    >
      <ChatIcon width={28} height={28} />
    </a>
  );
}
