// /contact: the journal's own words (issue 37 item 4), the postal address and the chat phone (plus the e-mail).
import { ChatIcon, MailIcon, MapPinIcon, PhoneIcon } from "../../components/icons";
import { RichText } from "../../components/rich-text";
import { digitsOnly, whatsappLink } from "../../lib/format";
import { useJournalName, useSettings } from "../journal-context";
import { useT } from "../../lib/i18n";

export function ContactPage() {
  const s = useSettings();
  const name = useJournalName();
  const t = useT();
  const chat = s ? whatsappLink(s.whatsup_number, t("site.sidebar.chatGreeting", { journal: name })) : null;

  return (
    <article className="page">
      <header className="page__header">
        <h1 className="page__title">{t("contact.title")}</h1>
      </header>
      {/* The journal's own words (contact_content, edited on /admin/site; a default until then). */}
      {s ? <RichText page className="site-page-text page__lead" html={s.contact_content} /> : null}
      {s && (
        <div className="contact-grid">
          <section className="card contact-card" aria-labelledby="contact-address">
            <h2 id="contact-address">
              <MapPinIcon /> {t("contact.address")}
            </h2>
            <RichText as="address" className="contact-card__address" html={s.address} />
          </section>
          <section className="card contact-card" aria-labelledby="contact-phone">
            <h2 id="contact-phone">
              <PhoneIcon /> {t("contact.phone")}
            </h2>
            {s.whatsup_number ? (
              <>
                <p>
                  <a href={`tel:+${digitsOnly(s.whatsup_number)}`} data-testid="contact-page-phone" dir="ltr">
                    {s.whatsup_number}
                  </a>
                </p>
                {chat && (
                  <p>
                    <a className="button button--chat" href={chat} target="_blank" rel="noopener noreferrer">
                      <ChatIcon /> {t("contact.chat")}
                    </a>
                  </p>
                )}
              </>
            ) : (
              <p>—</p>
            )}
          </section>
          {s.websiteemail && (
            <section className="card contact-card" aria-labelledby="contact-mail">
              <h2 id="contact-mail">
                <MailIcon /> {t("contact.email")}
              </h2>
              <p>
                <a href={`mailto:${s.websiteemail}`} dir="ltr">
                  {s.websiteemail}
                </a>
              </p>
            </section>
          )}
        </div>
      )}
    </article>
  );
}
