// Package compareblock renders ```compare fenced blocks: the tables of the
// comparison page that put the five systems side by side, with every number
// computed at build time by the calculators of the calc registry, so the
// comparison can never drift from the rules/ packages.
//
//	```compare matchups
//	```
//
//	```compare setups
//	```
//
//	```compare odds
//	```
//
//	```compare odds veteran-vs-novice
//	```
//
// "matchups" lists the match-ups (MatchUps) and why each was chosen;
// "setups" lists, per system, what the novice and the veteran are and the
// calculator inputs they stand for (Systems); "odds" runs every match-up in
// every system (or one match-up, named by its id) and gives the chance the
// attack lands, the chance it does harm, and the mean damage per attack in
// the system's own unit. An unknown argument or a body fails the build.
package compareblock

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"d6codex/calc"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/cmd/sitegen/internal/tableblock"
	"d6codex/rules"
	"d6codex/templates"
)

// Info is the fence info word this package handles.
const Info = "compare"

// Source is the source line of the generated tables.
const Source = "computed at build time by the site's calculators from the rules/ packages"

// Row is the result of one match-up in one system.
type Row struct {
	MatchUp MatchUp
	System  System
	// Inputs are the calculator inputs the set-up ran with.
	Inputs map[string]string
	// Hit is the chance the attack lands, Harm the chance it does harm to
	// the target, Mean the mean damage per attack (misses count 0).
	Hit, Harm, Mean float64
	// Note is the system's computed remark, or "".
	Note string
}

// Handler renders ```compare blocks.
type Handler struct {
	reg *calc.Registry
}

// New returns a handler that runs the calculators of reg.
func New(reg *calc.Registry) *Handler { return &Handler{reg: reg} }

// Inputs merges a system's inputs for a match-up: the common inputs, then
// the attacker's and the defender's.
func Inputs(s System, m MatchUp) map[string]string {
	in := maps.Clone(s.Common.Inputs)
	maps.Copy(in, s.Attacker[m.Attacker].Inputs)
	maps.Copy(in, s.Defender[m.Defender].Inputs)
	return in
}

// Compute runs match-up m in system s.
func (h *Handler) Compute(s System, m MatchUp) (Row, error) {
	in := Inputs(s, m)
	res, err := h.reg.Run(s.Calc, in)
	if err != nil {
		return Row{}, fmt.Errorf("%s, %s: %w", s.Name, m.Title, err)
	}
	r := reportView{res.Report}
	row := Row{MatchUp: m, System: s, Inputs: in}
	for _, name := range s.Hit {
		p, err := r.p(name)
		if err != nil {
			return Row{}, fmt.Errorf("%s: %w", s.Calc, err)
		}
		row.Hit += p
	}
	d, ok := res.Report.Dist(s.HarmDist)
	if !ok {
		return Row{}, fmt.Errorf("%s: no distribution %q", s.Calc, s.HarmDist)
	}
	row.Harm = d.AtLeast(1)
	for _, name := range s.HarmExtra {
		p, err := r.p(name)
		if err != nil {
			return Row{}, fmt.Errorf("%s: %w", s.Calc, err)
		}
		row.Harm += p
	}
	if row.Mean, err = r.mean(s.Mean); err != nil {
		return Row{}, fmt.Errorf("%s: %w", s.Calc, err)
	}
	if s.NoteMean != "" {
		x, err := r.mean(s.NoteMean)
		if err != nil {
			return Row{}, fmt.Errorf("%s: %w", s.Calc, err)
		}
		row.Note = strings.ReplaceAll(s.NoteText, "{mean}", mean(x))
	}
	return row, nil
}

// Rows computes the given match-ups in every system, match-up by
// match-up, systems in site order.
func (h *Handler) Rows(ms []MatchUp) ([]Row, error) {
	var rows []Row
	for _, m := range ms {
		for _, s := range h.Systems() {
			row, err := h.Compute(s, m)
			if err != nil {
				return nil, err
			}
			rows = append(rows, row)
		}
	}
	return rows, nil
}

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	if strings.TrimSpace(b.Body) != "" {
		return "", &markup.BlockError{Line: 1, Err: errors.New("a compare block takes no body")}
	}
	view, err := h.view(b.Args)
	if err != nil {
		return "", err
	}
	view.DOMID = "compare-" + strings.Join(b.Args, "-")
	if b.Index > 0 {
		view.DOMID += fmt.Sprintf("-%d", b.Index+1)
	}
	b.AddStyle(tableblock.StyleAsset)
	var out strings.Builder
	if err := templates.RulesTable(view).Render(context.Background(), &out); err != nil {
		return "", fmt.Errorf("render compare %s: %w", strings.Join(b.Args, " "), err)
	}
	return out.String(), nil
}

const usage = "use ```compare matchups, ```compare setups, ```compare odds or ```compare odds MATCH-UP"

// view builds the table for the block arguments.
func (h *Handler) view(args []string) (templates.TableView, error) {
	if len(args) == 0 {
		return templates.TableView{}, errors.New("say which table: " + usage)
	}
	switch args[0] {
	case "matchups":
		if len(args) > 1 {
			return templates.TableView{}, fmt.Errorf("unexpected %q: %s", args[1], usage)
		}
		return matchupsView(), nil
	case "setups":
		if len(args) > 1 {
			return templates.TableView{}, fmt.Errorf("unexpected %q: %s", args[1], usage)
		}
		return h.setupsView(), nil
	case "odds":
		ms := MatchUps()
		title := "Chance to hit and mean damage per attack"
		switch {
		case len(args) == 2:
			i := slices.IndexFunc(ms, func(m MatchUp) bool { return m.ID == args[1] })
			if i < 0 {
				return templates.TableView{}, fmt.Errorf("unknown match-up %q (known: %s)", args[1], strings.Join(matchUpIDs(), ", "))
			}
			ms = ms[i : i+1]
			title += ": " + strings.ToLower(ms[0].Title[:1]) + ms[0].Title[1:]
		case len(args) > 2:
			return templates.TableView{}, fmt.Errorf("unexpected %q: %s", args[2], usage)
		}
		rows, err := h.Rows(ms)
		if err != nil {
			return templates.TableView{}, err
		}
		return oddsView(title, rows, len(ms) > 1), nil
	}
	return templates.TableView{}, fmt.Errorf("unknown compare table %q: %s", args[0], usage)
}

func matchUpIDs() []string {
	var ids []string
	for _, m := range MatchUps() {
		ids = append(ids, m.ID)
	}
	return ids
}

func matchupsView() templates.TableView {
	v := templates.TableView{
		Title:   "The match-ups",
		Note:    "Each match-up is run in all five systems with the set-ups below.",
		Columns: []string{"Match-up", "Attacker", "Defender", "What it shows"},
	}
	for _, m := range MatchUps() {
		v.Rows = append(v.Rows, []string{m.Title, m.Attacker.String(), m.Defender.String(), m.Rationale})
	}
	return v
}

func (h *Handler) setupsView() templates.TableView {
	v := templates.TableView{
		Title: "The fighters in each system",
		Note: "Every input not named keeps the calculator's default. " +
			"The fighters are illustrations chosen to be comparable, not official archetypes.",
		Source:  "the calculators' inputs, as the comparison runs them",
		Columns: []string{"System", "Who", "In the game's terms", "Calculator inputs"},
	}
	for _, s := range h.Systems() {
		for _, r := range []struct {
			who string
			p   *Profile
		}{
			{"both fighters", &s.Common},
			{"novice attacker", &s.Attacker[Novice]},
			{"veteran attacker", &s.Attacker[Veteran]},
			{"novice defender", &s.Defender[Novice]},
			{"veteran defender", &s.Defender[Veteran]},
		} {
			in := inputsText(r.p.Inputs)
			if r.p == &s.Common {
				in = s.Calc + ": " + in
			}
			v.Rows = append(v.Rows, []string{s.Name, r.who, r.p.Words, in})
		}
	}
	return v
}

// inputsText lists a profile's inputs, sorted, as "name = value" pairs.
func inputsText(in map[string]string) string {
	if len(in) == 0 {
		return "(none)"
	}
	parts := make([]string, 0, len(in))
	for _, k := range slices.Sorted(maps.Keys(in)) {
		parts = append(parts, k+" = "+in[k])
	}
	return strings.Join(parts, ", ")
}

func oddsView(title string, rows []Row, withMatchUp bool) templates.TableView {
	v := templates.TableView{
		Title: title,
		Note: "Chance to hit: the attack lands" + hitNotes(rows) + ". " +
			"Chance of harm: the target is actually hurt, after armor or resistance. " +
			"Mean damage: over all attacks, misses counting 0, in each system's own unit, so compare across rows of one system, not across systems.",
		Source:  Source,
		Columns: []string{"System", "Chance to hit", "Chance of harm", "Mean damage per attack", "Unit"},
	}
	if withMatchUp {
		v.Columns = slices.Insert(v.Columns, 1, "Match-up")
	}
	// Provisional data flags its rows, not the whole table (issue 34,
	// item 11): the other systems' figures rest on their sources.
	var prov []string
	for _, r := range rows {
		if r.System.Provisional && !slices.Contains(prov, r.System.Name) {
			prov = append(prov, r.System.Name)
		}
		unit := r.System.Unit
		if r.Note != "" {
			unit += "; " + r.Note
		}
		cells := []string{r.System.Name, Percent(r.Hit), Percent(r.Harm), mean(r.Mean), unit}
		if withMatchUp {
			cells = slices.Insert(cells, 1, r.MatchUp.Title)
		}
		v.Rows = append(v.Rows, cells)
	}
	if len(prov) > 0 {
		v.Note += " Provisional: the " + strings.Join(prov, " and ") + " figures rest on values the source does not give (check your rulebook)."
	}
	return v
}

// hitNotes lists, in brackets, what counts as a hit in the systems of rows
// whose registration says so: " (Name: words; ...)", or "".
func hitNotes(rows []Row) string {
	var notes []string
	for _, r := range rows {
		n := r.System.Name + ": " + r.System.HitWords
		if r.System.HitWords != "" && !slices.Contains(notes, n) {
			notes = append(notes, n)
		}
	}
	if len(notes) == 0 {
		return ""
	}
	return " (" + strings.Join(notes, "; ") + ")"
}

// Percent formats a probability as the page shows it ("41.7%").
func Percent(p float64) string { return fmt.Sprintf("%.1f%%", 100*p) }

// mean formats a mean damage as the page shows it ("3.69").
func mean(x float64) string { return fmt.Sprintf("%.2f", x) }

// reportView reads a report, failing on names it does not have.
type reportView struct{ rep rules.Report }

func (r reportView) p(name string) (float64, error) {
	p, ok := r.rep.P(name)
	if !ok {
		return 0, fmt.Errorf("no outcome %q", name)
	}
	return p, nil
}

// mean returns the named mean.
func (r reportView) mean(name string) (float64, error) {
	x, ok := r.rep.Mean(name)
	if !ok {
		return 0, fmt.Errorf("no mean %q", name)
	}
	return x, nil
}
