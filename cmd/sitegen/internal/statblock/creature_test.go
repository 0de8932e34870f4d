package statblock

import (
	"crypto/sha256"
	"testing"

	"d6codex/cmd/sitegen/internal/markup"
)

// TestStats: what Initiative Tracker reads of a creature's stat block.
func TestStats(t *testing.T) {
	const (
		srcFrom = "https://github.com/javalent/initiative-tracker/blob/main/src/utils/creature.ts"
		docIT   = "https://plugins.javalent.com/it/encounters/creatures"
	)
	for _, tc := range []struct {
		doc, yaml string
		want      Creature
	}{
		{srcFrom + `: "modifier" in creature ? creature.modifier : Math.floor(((stats[1] ?? 10) - 10) / 2); ` + docIT + `: "If the creature is from the SRD Bestiary, the plugin will auto-calculate its XP based on its challenge rating"`,
			"name: Goblin\nac: 15\nhp: 7\nhit_dice: 2d6\nstats: [8, 14, 10, 10, 8, 8]\ncr: 1/4\n",
			Creature{Name: "Goblin", HP: "7", AC: "15", HitDice: "2d6", Modifier: "+2", XP: "50"}},
		{srcFrom + ": a Dexterity of 7 is -2", "name: Zombie\nstats: [13, 7, 16, 3, 6, 5]\n", Creature{Name: "Zombie", Modifier: "-2"}},
		{"https://plugins.javalent.com/statblock/layouts/integrated/pf2e: \"If you're using the Initiative Tracker plugin, then the required fields for full functionality are: name, level, modifier, ac, hp\"",
			"layout: Basic Pathfinder 2e Layout\nname: Imp\nmodifier: 7\nac: 17\nhp: 15\n", Creature{Name: "Imp", HP: "15", AC: "17", Modifier: "+7"}},
		{"13th Age: no modifier, the initiative bonus its layout shows", "name: Devil\ninitiative: \"15\"\nac: 28\nhp: 700\n", Creature{Name: "Devil", HP: "700", AC: "28", Modifier: "+15"}},
		{"an xp written wins over the challenge rating's", "name: X\ncr: 1\nxp: 250\n", Creature{Name: "X", XP: "250"}},
		{"nothing given, nothing made up", "name: Mystery\n", Creature{Name: "Mystery"}},
	} {
		got, err := Stats(tc.yaml)
		if err != nil || got != tc.want {
			t.Errorf("%s\n%q: got %+v, %v; want %+v", tc.doc, tc.yaml, got, err, tc.want)
		}
	}
	if _, err := Stats("name: [\n"); err == nil {
		t.Error("invalid YAML: no error")
	}
}

// TestBestiary: a rendered stat block's stats are kept for the
// encounters that name it, and read alike from the YAML otherwise.
func TestBestiary(t *testing.T) {
	best := NewBestiary()
	md := markup.New(markup.Options{Handlers: map[string]markup.BlockHandler{Info: New(best)}})
	body := "name: Goblin\nhp: 7\nmodifier: 2\n"
	if _, _, err := md.Convert([]byte(fence(body)), &markup.Page{Assets: map[string]string{StyleAsset: "/s.css"}}); err != nil {
		t.Fatal(err)
	}
	best.mu.Lock()
	kept, ok := best.m[sha256.Sum256([]byte(body))]
	best.mu.Unlock()
	want := Creature{Name: "Goblin", HP: "7", Modifier: "+2"}
	if !ok || kept != want {
		t.Errorf("kept %+v (%v), want %+v", kept, ok, want)
	}
	other := "name: Orc\nhp: 15\n"
	if got, err := best.VaultCreatures("").BlockStats(nil, other); err != nil || got != (Creature{Name: "Orc", HP: "15"}) {
		t.Errorf("BlockStats(%q) = %+v, %v", other, got, err)
	}
	if got, err := (*VaultCreatures)(nil).BlockStats(nil, other); err != nil || got.HP != "15" {
		t.Errorf("no vault's creatures: the YAML is read: %+v, %v", got, err)
	}
	// A block that names a creature is not kept by its YAML: its stats
	// are those of the creature it names, which may change (BlockStats).
	named := "monster: Goblin\nhp: 9\n"
	if _, _, err := md.Convert([]byte(fence(named)), &markup.Page{Assets: map[string]string{StyleAsset: "/s.css"}, Report: func(markup.Problem) {}}); err != nil {
		t.Fatal(err)
	}
	if _, ok := best.cached(named); ok {
		t.Errorf("the stats of a block naming a creature are kept by its YAML")
	}
}
