// Package encounter renders the encounters of Obsidian's Initiative
// Tracker plugin: ```encounter blocks as cards and ```encounter-table
// blocks as a table, one row an encounter. Each creature is linked to
// its note, found as a [[wikilink]] to its name is (by note name or
// alias), or, when that note does not define it, as the creature of that
// name a note of the vault defines (`statblock: true` or `inline`: the
// creatures Fantasy Statblocks adds to its bestiary, where Initiative
// Tracker looks a name up; Handler.find), and shown with its count, hit
// points, armour class and initiative modifier: those the line gives
// ("Goblin, 7, 15, 2"), else those of the creature's ```statblock
// (statblock.Stats), as the plugin takes a creature's from its bestiary.
//
// The syntax is read as the plugin documents it: `name:`, `players:`
// (true, false, none, a list), `party:`, `hide:`, `xp:`, `rollHP:`, and
// `creatures:` in each of its forms (parse.go); encounters apart are
// split by lines of "---". What it cannot read — invalid YAML, an unknown
// parameter, a creature line of no known form, a creature the site has
// no note of — is a warning at its file:line, and the rest renders; the
// block is never shown as code.
package encounter

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"strings"

	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/statblock"
	"d6codex/templates"
)

// Info words of the blocks: ```encounter and ```encounter-table.
const (
	Info      = "encounter"
	TableInfo = "encounter-table"
)

// StyleAsset is the stylesheet pages with an encounter load.
const StyleAsset = "css/encounter.css"

// Handler renders ```encounter (or, as a table, ```encounter-table)
// blocks.
type Handler struct {
	table     bool
	bestiary  *statblock.Bestiary
	creatures *statblock.VaultCreatures // the vault's note creatures (ForVault); nil: none
}

// New returns the handler of ```encounter blocks; NewTable that of
// ```encounter-table blocks. They read stat blocks through bestiary, when
// not nil, which the stat block handler fills (statblock.New).
func New(bestiary *statblock.Bestiary) *Handler { return &Handler{bestiary: bestiary} }
func NewTable(bestiary *statblock.Bestiary) *Handler {
	return &Handler{table: true, bestiary: bestiary}
}

// ForVault returns the handler for the vault at dir: one that finds a
// creature first among the creatures the vault's notes define
// (statblock.Bestiary.VaultCreatures), as Initiative Tracker takes a
// creature by its name from Fantasy Statblocks' bestiary, which has them.
// The vault's notes are read by the stat block handler's ForVault, not
// here.
func (h *Handler) ForVault(dir string, _ statblock.NoteSource) markup.BlockHandler {
	return &Handler{table: h.table, bestiary: h.bestiary, creatures: h.bestiary.VaultCreatures(dir)}
}

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	var list []templates.EncounterView
	var cols templates.EncounterColumns
	notes := map[string]note{} // creatures found, by name, for this block
	for _, s := range split(b.Body) {
		if strings.TrimSpace(s.text) == "" {
			continue
		}
		p, probs := parse(s)
		for _, pr := range probs {
			b.Warn(pr.line, pr.col, pr.msg)
		}
		if p == nil {
			continue
		}
		v := templates.EncounterView{Name: p.name, Party: p.party, Players: p.players, XP: p.xp,
			HideCreatures: p.hide["creatures"], HidePlayers: p.hide["players"]}
		switch {
		case p.noPlayers:
			v.PlayersNote = "No players"
		case p.allPlayer:
			v.PlayersNote = "All players"
		}
		for _, e := range p.creatures {
			c := h.creature(b, e, p.rollHP, notes)
			cols.HP = cols.HP || c.HP != ""
			cols.AC = cols.AC || c.AC != ""
			cols.Init = cols.Init || c.Init != ""
			cols.XP = cols.XP || c.XP != ""
			v.Creatures = merge(v.Creatures, c)
		}
		list = append(list, v)
	}
	b.AddStyle(StyleAsset)
	var out strings.Builder
	var err error
	switch {
	case len(list) == 0:
		b.Warn(0, 0, "no encounter could be read: write name: and creatures: (- 3: Goblin)")
		_, err = out.WriteString(`<p class="encounter-none">No encounter could be read from this block.</p>`)
	case h.table:
		err = templates.EncounterTable(list).Render(context.Background(), &out)
	default:
		err = templates.Encounters(list, cols).Render(context.Background(), &out)
	}
	if err != nil {
		return "", fmt.Errorf("render encounter: %w", err)
	}
	return out.String(), nil
}

// inlinePrefix makes the text of an inline encounter the list of
// creatures it is: the plugin reads `encounter: 2d4: stirge, 1: ghoul` as
// parseYaml("[" + definitions.trim() + "]") (src/main.ts), the creatures:
// of an encounter.
const inlinePrefix = "creatures: ["

// RenderInline implements markup.InlineHandler: Initiative Tracker's
// inline encounter, `encounter: 2d4: stirge, 1: ghoul`, is a line of its
// creatures, each read and found as a creature line of a block is
// (rolled counts rolled, stats from the creature's stat block), drawn as
// the plugin's EncounterLine (templates.EncounterLine). What cannot be
// read is a warning at the code; no creature read reads "No creatures
// found.", as the plugin's.
func (h *Handler) RenderInline(b *markup.Block) (string, error) {
	b.AddStyle(StyleAsset)
	var list []templates.EncounterCreature
	p, probs := parse(section{text: inlinePrefix + b.Body + "]\n", first: 1})
	for _, pr := range probs {
		b.Warn(1, pr.col-len(inlinePrefix), pr.msg)
	}
	if p != nil {
		notes := map[string]note{}
		for _, e := range p.creatures {
			e.line, e.col = 1, e.col-len(inlinePrefix)
			list = merge(list, h.creature(b, e, false, notes))
		}
	}
	if len(list) == 0 && len(probs) == 0 {
		b.Warn(0, 0, "no creatures: write `encounter: 3: Goblin, 1d4: Wolf`")
	}
	var out strings.Builder
	if err := templates.EncounterLine(list).Render(context.Background(), &out); err != nil {
		return "", fmt.Errorf("render inline encounter: %w", err)
	}
	return out.String(), nil
}

// note is what a creature's note gives: its URL and its stat block's
// stats.
type note struct {
	url   string
	stats statblock.Creature
	found bool
}

// creature resolves one line of creatures: its note and stats.
func (h *Handler) creature(b *markup.Block, e entry, rollHP bool, notes map[string]note) templates.EncounterCreature {
	line := e.line
	n, seen := notes[e.name]
	if !seen {
		n = h.find(b, e.name, line, e.col)
		notes[e.name] = n
	}
	c := templates.EncounterCreature{Name: e.name, URL: n.url, HP: n.stats.HP, AC: n.stats.AC, Init: n.stats.Modifier, XP: n.stats.XP}
	if e.display != "" && e.display != e.name {
		c.Name, c.Of = e.display, e.name
	}
	// The line's own stats win, as Initiative Tracker's
	// "creature.hp = hp ?? creature.hp".
	if e.hp != "" {
		c.HP = e.hp
	}
	if e.ac != "" {
		c.AC = e.ac
	}
	if e.mod != "" {
		c.Init = e.mod
	}
	if e.xp != "" {
		c.XP = e.xp
	}
	if rollHP && e.hp == "" && n.stats.HitDice != "" {
		c.HitDice = h.rollHTML(b, statblock.Roll{Expr: n.stats.HitDice, Label: n.stats.HitDice}, line)
	}
	c.Count = e.count
	if _, err := strconv.Atoi(e.count); err != nil {
		c.Count = h.rollHTML(b, statblock.Roll{Expr: e.count, Label: e.count}, line)
	}
	if e.friendly {
		c.Flags = append(c.Flags, "ally")
	}
	if e.hidden {
		c.Flags = append(c.Flags, "hidden")
	}
	return c
}

// find looks a creature up, as Initiative Tracker does by its name in
// Fantasy Statblocks' bestiary (src/main.ts getBaseCreatureFromBestiary:
// "window.FantasyStatblocks.hasCreature(name)"), which has the creatures
// the vault's notes define (`statblock: true` or `inline`, named by their
// name:), and as sitegen also does, by the note [[name]] names: that
// note's stat block of that name when it has one (of two notes defining
// one creature, the one the wikilink finds: the page's own, the nearest);
// else the note creature of that name; else that note's first stat block.
// A creature whose note is not published is shown without its link or
// stats (Obsidian shows it: a vault has no unpublished notes), with a
// warning.
func (h *Handler) find(b *markup.Block, name string, line, col int) note {
	tg := b.ResolveWiki(name, true)
	var first *statblock.Creature
	if tg.Problem == "" && tg.Unlinked == "" {
		for _, body := range statblocks(tg.Src) {
			c, err := h.creatures.BlockStats(b, body)
			if err != nil {
				continue // its own page reports it
			}
			if strings.EqualFold(c.Name, name) {
				if tg.Warning != "" {
					b.Warn(line, col, fmt.Sprintf("creature %q: %s", name, tg.Warning))
				}
				return note{url: tg.URL, stats: c, found: true}
			}
			if first == nil {
				first = &c
			}
		}
	}
	if ctg, c, ok := h.creatures.Find(b, name); ok {
		switch {
		case ctg.Unlinked != "" || ctg.Problem != "":
			b.Warn(line, col, fmt.Sprintf("creature %q: %s; shown without a link or stats", name, cmp.Or(ctg.Unlinked, ctg.Problem)))
			return note{}
		case ctg.Warning != "":
			b.Warn(line, col, fmt.Sprintf("creature %q: %s", name, ctg.Warning))
		}
		return note{url: ctg.URL, stats: c, found: true}
	}
	switch {
	case tg.Unlinked != "":
		b.Warn(line, col, fmt.Sprintf("creature %q: %s; shown without a link", name, tg.Unlinked))
		return note{}
	case tg.Problem != "":
		b.Warn(line, col, fmt.Sprintf("creature %q: %s (Initiative Tracker finds creatures in its bestiary, sitegen in the site's notes and the creatures they define); shown without a link or stats%s", name, tg.Problem, h.creatures.LikeHint(name)))
		return note{}
	case tg.Warning != "":
		b.Warn(line, col, fmt.Sprintf("creature %q: %s", name, tg.Warning))
	}
	n := note{url: tg.URL, found: true}
	if first != nil {
		n.stats = *first
	}
	return n
}

// rollHTML is a roll (a rolled count, rolled hit points) as the page's
// inline rolls show it, with its odds.
func (h *Handler) rollHTML(b *markup.Block, r statblock.Roll, line int) string {
	return b.Markdown(r.Markdown(), line)
}

// merge adds a creature line, adding its count to an identical earlier
// line's (same creature, name shown, stats and flags), as Initiative
// Tracker groups equivalent creatures; a rolled count is summed as
// "1d4 + 2".
func merge(list []templates.EncounterCreature, c templates.EncounterCreature) []templates.EncounterCreature {
	for i, o := range list {
		if o.Name == c.Name && o.Of == c.Of && o.URL == c.URL && o.HP == c.HP && o.AC == c.AC && o.Init == c.Init &&
			o.XP == c.XP && o.HitDice == c.HitDice && strings.Join(o.Flags, " ") == strings.Join(c.Flags, " ") {
			a, errA := strconv.Atoi(o.Count)
			n, errN := strconv.Atoi(c.Count)
			if errA == nil && errN == nil {
				list[i].Count = strconv.Itoa(a + n)
			} else {
				list[i].Count = o.Count + " + " + c.Count
			}
			return list
		}
	}
	return append(list, c)
}
