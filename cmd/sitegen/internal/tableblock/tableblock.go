// Package tableblock renders ```table fenced blocks: a data table of a
// rules/ package (weapons, armor, damage tables...) rendered into a page,
// so the page and the calculators read the same values.
//
//	```table rollunder/weapons
//	```
//
// An unknown system or table fails the build at the block.
package tableblock

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"d6codex/calc"
	"d6codex/cmd/sitegen/internal/markup"
	"d6codex/rules"
	"d6codex/templates"
)

// Info is the fence info word this package handles.
const Info = "table"

// StyleAsset is the stylesheet pages with a rules table load.
const StyleAsset = "css/tables.css"

// Handler renders ```table blocks.
type Handler struct {
	tables map[string]rules.Table // "system/id" -> table
}

// New returns a handler over the tables of every system of reg.
func New(reg *calc.Registry) *Handler {
	h := &Handler{tables: map[string]rules.Table{}}
	for _, sys := range reg.Systems() {
		if sys.Tables == nil {
			continue
		}
		for _, t := range sys.Tables() {
			h.tables[sys.ID+"/"+t.ID] = t
		}
	}
	return h
}

// IDs lists the table ids ("system/table"), sorted.
func (h *Handler) IDs() []string {
	ids := make([]string, 0, len(h.tables))
	for id := range h.tables {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// RenderBlock implements markup.BlockHandler.
func (h *Handler) RenderBlock(b *markup.Block) (string, error) {
	if len(b.Args) != 1 {
		example := "SYSTEM/TABLE"
		if ids := h.IDs(); len(ids) > 0 {
			example = ids[0]
		}
		return "", errors.New("name one table after table, e.g. ```table " + example)
	}
	if strings.TrimSpace(b.Body) != "" {
		return "", &markup.BlockError{Line: 1, Err: errors.New("a table block takes no body")}
	}
	t, ok := h.tables[b.Args[0]]
	if !ok {
		return "", fmt.Errorf("unknown table %q (known: %s)", b.Args[0], strings.Join(h.IDs(), ", "))
	}
	b.AddStyle(StyleAsset)
	view := tableView(b.Args[0], t)
	if b.Index > 0 {
		view.DOMID += fmt.Sprintf("-%d", b.Index+1)
	}
	var out strings.Builder
	if err := templates.RulesTable(view).Render(context.Background(), &out); err != nil {
		return "", fmt.Errorf("render table %s: %w", b.Args[0], err)
	}
	return out.String(), nil
}

// tableView is the view of table t, published under id ("rollunder/weapons").
func tableView(id string, t rules.Table) templates.TableView {
	view := templates.TableView{
		DOMID:       "table-" + strings.ReplaceAll(id, "/", "-"),
		Title:       t.Title,
		Source:      t.Source,
		Note:        t.Note,
		Provisional: t.Provisional,
	}
	view.Columns, view.Rows = displayColumns(t.Columns, t.Rows)
	return view
}

// displayColumns drops a leading "id" column (the internal ids the
// calculators and `sitegen calc` take, like pistol_smg) when a column of
// names follows it: a player reads the names, and the ids are no words of
// theirs (`sitegen calc schema` lists them for the command line).
func displayColumns(cols []string, rows [][]string) ([]string, [][]string) {
	if len(cols) < 2 || cols[0] != "id" {
		return cols, rows
	}
	out := make([][]string, len(rows))
	for i, r := range rows {
		if len(r) > 0 {
			out[i] = r[1:]
		}
	}
	return cols[1:], out
}
