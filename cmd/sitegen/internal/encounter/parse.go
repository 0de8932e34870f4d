package encounter

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// params is one encounter of a block, as Initiative Tracker reads it
// (EncounterParameters: name, players, party, hide, creatures, xp,
// rollHP).
type params struct {
	name      string
	players   []string // the players named
	allPlayer bool     // players: true
	noPlayers bool     // players: false or none
	party     string
	hide      map[string]bool // "players", "creatures"
	creatures []entry
	xp        string
	rollHP    bool
}

// entry is one creature line: how many, and who.
type entry struct {
	count    string // "3", or dice ("1d5")
	name     string // the creature, as the bestiary knows it
	display  string // the name it is shown as, when another
	hp, ac   string
	mod, xp  string
	hidden   bool
	friendly bool
	line     int // within the block, and column
	col      int
	// warn is what of the line was not read (a stat that is no number).
	warn string
}

// problem is what could not be read, at a line within the block.
type problem struct {
	line, col int
	msg       string
}

// section is one encounter's text: the block is split at lines of
// "---", as the documentation's "A multiple encounter table is as simple
// as adding a horizontal line". first is the line of its first line
// within the block.
type section struct {
	text  string
	first int
}

func split(body string) []section {
	var out []section
	var cur strings.Builder
	first := 1
	lines := strings.SplitAfter(body, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == "---" {
			out = append(out, section{cur.String(), first})
			cur.Reset()
			first = i + 2
			continue
		}
		cur.WriteString(l)
	}
	return append(out, section{cur.String(), first})
}

// knownKeys are the parameters Initiative Tracker reads.
var knownKeys = map[string]bool{"name": true, "players": true, "party": true, "hide": true, "creatures": true, "xp": true, "rollHP": true}

// parse reads one encounter; what it cannot read is a problem and is
// left out.
func parse(s section) (*params, []problem) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(s.text), &doc); err != nil {
		return nil, []problem{yamlProblem(err, s.first)}
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	root := doc.Content[0]
	at := func(n *yaml.Node) (int, int) { return s.first + n.Line - 1, n.Column }
	if root.Kind != yaml.MappingNode {
		l, c := at(root)
		return nil, []problem{{l, c, "an encounter is a list of parameters (name:, creatures:, players:), not a single value"}}
	}
	p := &params{hide: map[string]bool{}}
	var probs []problem
	bad := func(n *yaml.Node, format string, args ...any) {
		l, c := at(n)
		probs = append(probs, problem{l, c, fmt.Sprintf(format, args...)})
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "name":
			p.name = scalar(v)
		case "party":
			p.party = scalar(v)
		case "xp":
			p.xp = scalar(v)
		case "rollHP":
			p.rollHP = v.Kind == yaml.ScalarNode && strings.EqualFold(v.Value, "true")
		case "players":
			switch {
			case v.Kind == yaml.ScalarNode && (v.Value == "false" || v.Value == "none"):
				p.noPlayers = true
			case v.Kind == yaml.ScalarNode && v.Value == "true":
				p.allPlayer = true
			case v.Kind == yaml.ScalarNode:
				p.players = []string{v.Value}
			case v.Kind == yaml.SequenceNode:
				for _, c := range v.Content {
					if s := scalar(c); s != "" {
						p.players = append(p.players, s)
					}
				}
			default:
				bad(v, "players: write true, false, none or a list of names")
			}
		case "hide":
			for _, h := range listOf(v) {
				if h == "players" || h == "creatures" {
					p.hide[h] = true
				} else {
					bad(v, "hide: %q is not players or creatures", h)
				}
			}
		case "creatures":
			if v.Kind == yaml.ScalarNode && v.Value == "" {
				continue
			}
			if v.Kind != yaml.SequenceNode {
				bad(v, "creatures: write a list, one creature a line (- 3: Goblin)")
				continue
			}
			for _, c := range v.Content {
				e, msg := readEntry(c)
				if msg != "" {
					bad(c, "%s", msg)
					continue
				}
				e.line, e.col = at(c)
				if e.warn != "" {
					bad(c, "%s", e.warn)
				}
				p.creatures = append(p.creatures, e)
			}
		default:
			bad(k, "%s: not a parameter of Initiative Tracker's encounters (name, creatures, players, party, hide, xp, rollHP); left out", k.Value)
		}
	}
	return p, probs
}

// yamlLineRE finds the line in a yaml.v3 error ("yaml: line 3: ...").
var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func yamlProblem(err error, first int) problem {
	msg := err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return problem{first + line - 1, 1, "invalid YAML: " + m[2] + "; this encounter is left out"}
	}
	return problem{first, 1, "invalid YAML: " + strings.TrimPrefix(msg, "yaml: ") + "; this encounter is left out"}
}

func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return ""
	}
	return strings.TrimSpace(n.Value)
}

func listOf(n *yaml.Node) []string {
	if n.Kind == yaml.SequenceNode {
		var out []string
		for _, c := range n.Content {
			out = append(out, scalar(c))
		}
		return out
	}
	return []string{scalar(n)}
}

// countRE reads a creature line's leading count, "3: Goblin" written as
// one string (the inline form), as Initiative Tracker's
// /(\d+)?:?\s?(.+)/ does.
var countRE = regexp.MustCompile(`^(\d+)(?::\s?|\s)(.+)$`)

// diceRE is a count written as dice ("1d5").
var diceRE = regexp.MustCompile(`^\d*d\d+([+-]\d+)?$`)

// readEntry reads one item of `creatures:` in each documented form:
//
//   - Goblin, 7, 15, 2, 25        name, hp, ac, initiative modifier, xp
//   - 3: Goblin, 7, 15, 2         three of them
//   - [[Hobgoblin, Bob]]          a display name ([name, display])
//   - [[Hobgoblin, Jim], 12, 13]  with stats
//   - 5: {creature: Hobgoblin, name: Ted, hp: 12, ac: 13}
//   - 1d5: Goblin                 a rolled number of them
//   - 2: Orc, ally                and the flags ally, friendly, hidden
func readEntry(n *yaml.Node) (entry, string) {
	e := entry{count: "1"}
	if n.Kind == yaml.MappingNode && len(n.Content) == 2 && mapHas(n, "creature") == nil {
		k, v := n.Content[0], n.Content[1]
		count := strings.TrimSpace(k.Value)
		switch num, err := strconv.Atoi(count); {
		case err == nil && num < 1:
			count = "0"
		case err == nil:
			count = strconv.Itoa(num)
		case diceRE.MatchString(count):
		default:
			return e, fmt.Sprintf("%q is not a number of creatures (3: Goblin) nor dice (1d5: Goblin)", count)
		}
		e.count = count
		n = v
	}
	switch n.Kind {
	case yaml.ScalarNode:
		s := strings.TrimSpace(n.Value)
		if e.count == "1" {
			if m := countRE.FindStringSubmatch(s); m != nil {
				e.count, s = m[1], m[2]
			}
		}
		s, e.hidden = cutFlag(s, hiddenRE)
		var ally, friend bool
		s, friend = cutFlag(s, friendRE)
		s, ally = cutFlag(s, allyRE)
		e.friendly = friend || ally
		parts := commaRE.Split(s, -1)
		e.name = strings.TrimSpace(parts[0])
		e.hp, e.ac, e.mod, e.xp = stat(parts, 1), stat(parts, 2), stat(parts, 3), stat(parts, 4)
		for i, what := range []string{"hit points", "armor class", "initiative modifier", "XP"} {
			if i+1 < len(parts) && strings.TrimSpace(parts[i+1]) != "" && !number(strings.TrimSpace(parts[i+1])) {
				e.warn = fmt.Sprintf("creature %q: %q is not a number (its %s), and is left out; a name with a comma is written [[\"%s\"]]",
					e.name, strings.TrimSpace(parts[i+1]), what, strings.TrimSpace(s))
				break
			}
		}
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			return e, "an empty creature"
		}
		rest := n.Content[1:]
		switch first := n.Content[0]; first.Kind {
		case yaml.SequenceNode: // [[Hobgoblin, Jim], 12, 13]
			if len(first.Content) > 0 {
				e.name = scalar(first.Content[0])
			}
			if len(first.Content) > 1 {
				e.display = scalar(first.Content[1])
			}
		case yaml.ScalarNode: // [Hobgoblin, Jim]
			e.name = scalar(first)
			if len(rest) > 0 && rest[0].Kind == yaml.ScalarNode && !number(rest[0].Value) && !isFlag(rest[0].Value) {
				e.display = scalar(rest[0])
				rest = rest[1:]
			}
		}
		var stats []string
		for _, c := range rest {
			switch v := scalar(c); {
			case v == "hidden":
				e.hidden = true
			case isFlag(v):
				e.friendly = true
			default:
				stats = append(stats, v)
			}
		}
		all := append([]string{""}, stats...)
		e.hp, e.ac, e.mod, e.xp = stat(all, 1), stat(all, 2), stat(all, 3), stat(all, 4)
	case yaml.MappingNode: // {creature, name, hp, ac, mod, xp}
		e.name = scalar(mapHas(n, "creature"))
		e.display = scalar(mapHas(n, "name"))
		e.hp, e.ac, e.mod, e.xp = scalar(mapHas(n, "hp")), scalar(mapHas(n, "ac")), scalar(mapHas(n, "mod")), scalar(mapHas(n, "xp"))
		e.hidden = scalar(mapHas(n, "hidden")) == "true"
		e.friendly = scalar(mapHas(n, "friend")) == "true" || scalar(mapHas(n, "ally")) == "true"
	}
	if e.name == "" {
		return e, "a creature without a name: write - Goblin, - 3: Goblin or - [Goblin, Display name]"
	}
	if e.mod != "" && !strings.HasPrefix(e.mod, "-") && !strings.HasPrefix(e.mod, "+") {
		e.mod = "+" + e.mod
	}
	return e, ""
}

func isFlag(v string) bool { return v == "friend" || v == "friendly" || v == "ally" }

// stat is the i-th of parts when it is a number (Initiative Tracker drops
// the others).
func stat(parts []string, i int) string {
	if i < len(parts) && number(strings.TrimSpace(parts[i])) {
		return strings.TrimSpace(parts[i])
	}
	return ""
}

func number(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// The flags of a creature written as text, and the commas between its
// stats, as Initiative Tracker reads them.
var (
	hiddenRE = regexp.MustCompile(`,\s*hidden\b`)
	friendRE = regexp.MustCompile(`,\s*friend(?:ly)?\b`)
	allyRE   = regexp.MustCompile(`,\s*ally\b`)
	commaRE  = regexp.MustCompile(`,\s?`)
)

func cutFlag(s string, r *regexp.Regexp) (string, bool) {
	if r.MatchString(s) {
		return r.ReplaceAllString(s, ""), true
	}
	return s, false
}

func mapHas(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
