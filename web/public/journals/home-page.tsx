// / : the journal's identity (name, ISSN on two lines, fixed claims), its home content, the current issue,
// and the indexing grid.
import { Link } from "react-router";
import type { ArchiveYear } from "#contract/api";
import { CheckIcon } from "../../components/icons";
import { IndexingGrid } from "../../components/indexing-grid";
import { Loading } from "../../components/loading";
import { RichText } from "../../components/rich-text";
import { issnLines, issuePath, journalName } from "../../lib/format";
import { useT } from "../../lib/i18n";
import { YearFrames } from "../archive/archives-page";
import { useSettings } from "../journal-context";
import { usePageData } from "../../lib/page-data";

const CLAIMS = ["home.claim.indexed", "home.claim.refereed", "home.claim.peerReviewed"] as const;

function CurrentIssue({ archives }: { archives: ArchiveYear[] }) {
  const t = useT();
  const latest = archives.find((y) => y.total_issues > 0);
  if (!latest) return null;
  const loc = { year: latest.year, volume: latest.volume, issue: latest.total_issues };
  return (
    <section className="card current-issue" aria-labelledby="current-issue-title">
      <div>
        <h2 id="current-issue-title" className="eyebrow">
          {t("home.currentIssue")}
        </h2>
        <p className="current-issue__label">{t("issue.label", loc)}</p>
      </div>
      <Link to={issuePath(loc)} className="button">
        {t("home.viewArticles")}
      </Link>
    </section>
  );
}

export function HomePage() {
  const s = useSettings();
  const t = useT();
  const { archives, indexing } = usePageData("home");

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        {s ? (
          <>
            <h1 id="home-title" className="hero__title" dir="auto">
              {journalName(s)}
            </h1>
            <div className="hero__issn" data-testid="home-issn">
              {issnLines(s.issn).map((line) => (
                <p key={line} dir="ltr">
                  {line}
                </p>
              ))}
            </div>
            <ul className="claims" aria-label={t("home.claimsLabel")}>
              {CLAIMS.map((c) => (
                <li key={c}>
                  <CheckIcon /> {t(c)}
                </li>
              ))}
            </ul>
            {s.impactfactor && <p className="hero__impact">{t("site.impactFactorLine", { value: s.impactfactor })}</p>}
          </>
        ) : (
          <Loading lines={3} />
        )}
      </section>

      <CurrentIssue archives={archives} />

      {s?.home_content && (
        <section className="card prose" aria-label={t("home.about")}>
          <RichText html={s.home_content} />
        </section>
      )}

      <section className="section" aria-labelledby="home-indexing">
        <h2 id="home-indexing" className="section__title">
          {t("home.indexing")}
        </h2>
        {indexing.length > 0 && <IndexingGrid entries={indexing} />}
        <p className="section__more">
          <Link to="/indexing">{t("home.allIndexing")}</Link>
        </p>
      </section>

      {archives.length > 0 && (
        <section className="section home-archives" aria-labelledby="home-archives">
          <h2 id="home-archives" className="section__title">
            {t("site.nav.archives")}
          </h2>
          <YearFrames archives={archives} headingLevel={3} />
        </section>
      )}
    </div>
  );
}
