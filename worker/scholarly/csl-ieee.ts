// An IEEE reference style for journal articles, written for this project in CSL 1.0 (citation-js bundles APA,
// Vancouver and Harvard but no IEEE). It follows the IEEE Reference Guide for periodicals:
//   [1] A. Verma, R. Singh, and L. Wei, "Title," Abbrev. Journal, vol. 3, no. 2, pp. 73–80, Mar. 2024, doi: 10.x/y.
// citeproc renders it like any published CSL style (docs/decisions/0103-citation-styles.md).
export const IEEE_CSL = `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0" demote-non-dropping-particle="sort-only" page-range-format="expanded">
  <info>
    <title>IEEE (journal articles; journal-edge)</title>
    <id>urn:journal-edge:csl:ieee</id>
    <category citation-format="numeric"/>
    <updated>2026-11-22T00:00:00+00:00</updated>
  </info>
  <locale xml:lang="en">
    <terms>
      <term name="volume" form="short">vol.</term>
      <term name="issue" form="short">no.</term>
      <term name="page" form="short">
        <single>p.</single>
        <multiple>pp.</multiple>
      </term>
    </terms>
  </locale>
  <macro name="author">
    <names variable="author">
      <name and="text" delimiter=", " initialize-with=". "/>
      <et-al font-style="italic"/>
    </names>
  </macro>
  <macro name="issued">
    <date variable="issued">
      <date-part name="month" form="short" suffix=" "/>
      <date-part name="year"/>
    </date>
  </macro>
  <citation>
    <sort><key variable="citation-number"/></sort>
    <layout prefix="[" suffix="]" delimiter=", ">
      <text variable="citation-number"/>
    </layout>
  </citation>
  <bibliography entry-spacing="0" second-field-align="flush" et-al-min="7" et-al-use-first="1">
    <layout suffix=".">
      <text variable="citation-number" prefix="[" suffix="]"/>
      <group delimiter=", ">
        <text macro="author"/>
        <text variable="title" quotes="true"/>
        <text variable="container-title" form="short" font-style="italic"/>
        <group delimiter=" ">
          <text term="volume" form="short"/>
          <text variable="volume"/>
        </group>
        <group delimiter=" ">
          <text term="issue" form="short"/>
          <text variable="issue"/>
        </group>
        <group delimiter=" ">
          <label variable="page" form="short"/>
          <text variable="page"/>
        </group>
        <text macro="issued"/>
        <text variable="DOI" prefix="doi: "/>
      </group>
    </layout>
  </bibliography>
</style>`;
