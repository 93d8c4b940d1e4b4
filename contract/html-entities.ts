// The named character references of HTML 4.01 (Latin-1, Greek, symbols and specials: everything PHP's
// htmlentities() writes, which is what legacy rows hold), as "name:codepoint-in-base-36". Generated from the
// `entities` package's tables; a compact list rather than HTML5's 2,231 names keeps the public site's JavaScript
// small (the rich-text module ships to every reader). Unknown names are left as they are.
const PACKED =
  "AElig:5i apos:13 AMP:12 Aacute:5d Acirc:5e Agrave:5c Alpha:pd Aring:5h Atilde:5f Auml:5g Beta:pe COPY:4p Ccedil:5j " +
  "Chi:pz Dagger:6ch Delta:pg ETH:5s Eacute:5l Ecirc:5m Egrave:5k Epsilon:ph Eta:pj Euml:5n GT:1q Gamma:pf " +
  "Iacute:5p Icirc:5q Igrave:5o Iota:pl Iuml:5r Kappa:pm LT:1o Lambda:pn Mu:po Ntilde:5t Nu:pp OElig:9e " +
  "Oacute:5v Ocirc:5w Ograve:5u Omega:q1 Omicron:pr Oslash:60 Otilde:5x Ouml:5y Phi:py Pi:ps Prime:6cz Psi:q0 " +
  "QUOT:y REG:4u Rho:pt Scaron:9s Sigma:pv THORN:66 Tau:pw Theta:pk Uacute:62 Ucirc:63 Ugrave:61 Upsilon:px " +
  "Uuml:64 Xi:pq Yacute:65 Yuml:ag Zeta:pi aacute:69 acirc:6a acute:50 aelig:6e agrave:68 alefsym:6k5 alpha:q9 " +
  "amp:12 and:6qv ang:6qo aring:6d asymp:6rs atilde:6b auml:6c bdquo:6ce beta:qa brvbar:4m bull:6ci cap:6qx " +
  "ccedil:6f cedil:54 cent:4i chi:qv circ:jq clubs:7kz cong:6rp copy:4p crarr:6np cup:6qy curren:4k dArr:6oj " +
  "dagger:6cg darr:6mr deg:4w delta:qc diams:7l2 divide:6v eacute:6h ecirc:6i egrave:6g empty:6px emsp:6bn " +
  "ensp:6bm epsilon:qd equiv:6sh eta:qf eth:6o euml:6j euro:6gc exist:6pv fnof:b6 forall:6ps frac12:59 " +
  "frac14:58 frac34:5a frasl:6dg gamma:qb ge:6sl gt:1q hArr:6ok harr:6ms hearts:7l1 hellip:6cm iacute:6l " +
  "icirc:6m iexcl:4h igrave:6k image:6j5 infin:6qm int:6qz iota:qh iquest:5b isin:6q0 iuml:6n kappa:qi lArr:6og " +
  "lambda:qj lang:7vs laquo:4r larr:6mo lceil:6x4 ldquo:6cc le:6sk lfloor:6x6 lowast:6qf loz:7gq lrm:6by " +
  "lsaquo:6d5 lsquo:6c8 lt:1o macr:4v mdash:6c4 micro:51 middot:53 minus:6qa mu:qk nabla:6pz nbsp:4g ndash:6c3 " +
  "ne:6sg ni:6q3 not:4s notin:6q1 nsub:6tg ntilde:6p nu:ql oacute:6r ocirc:6s oelig:9f ograve:6q oline:6da " +
  "omega:qx omicron:qn oplus:6tx or:6qw ordf:4q ordm:56 oslash:6w otilde:6t otimes:6tz ouml:6u para:52 part:6pu " +
  "permil:6cw perp:6ud phi:qu pi:qo piv:ra plusmn:4x pound:4j prime:6cy prod:6q7 prop:6ql psi:qw quot:y " +
  "rArr:6oi radic:6qi rang:7vt raquo:57 rarr:6mq rceil:6x5 rdquo:6cd real:6jg reg:4u rfloor:6x7 rho:qp rlm:6bz " +
  "rsaquo:6d6 rsquo:6c9 sbquo:6ca scaron:9t sdot:6v9 sect:4n shy:4t sigma:qr sigmaf:qq sim:6rg spades:7kw " +
  "sub:6te sube:6ti sum:6q9 sup:6tf sup1:55 sup2:4y sup3:4z supe:6tj szlig:67 tau:qs there4:6r8 theta:qg " +
  "thetasym:r5 thinsp:6bt thorn:72 tilde:kc times:5z trade:6jm uArr:6oh uacute:6y uarr:6mp ucirc:6z ugrave:6x " +
  "uml:4o upsih:r6 upsilon:qt uuml:70 weierp:6jc xi:qm yacute:71 yen:4l yuml:73 zeta:qe zwj:6bx zwnj:6bw ";

export const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map(
  PACKED.trim()
    .split(" ")
    .map((pair) => {
      const [name, code] = pair.split(":");
      return [name, String.fromCodePoint(parseInt(code, 36))] as const;
    }),
);
