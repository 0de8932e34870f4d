package natural

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestCompareOrders sorts names whose order people agree on. Issue 32 is
// the spec for a folder of Markdown: "natural sort (`2.10` after `2.9`,
// `10` after `9`)", and "`10.0` after `1.5`".
func TestCompareOrders(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"chapters", []string{"1.5_Participants", "2.1_Abilities", "2.9_Mismatched", "2.10_Mobs", "2.13_Resistance", "9.2_Drawing", "10.0_Appendix", "10.2_Version"}},
		{"plain numbers", []string{"1", "2", "9", "10", "11", "100"}},
		{"case is ignored", []string{"apple", "Banana", "cherry", "Date"}},
		{"numbers inside words", []string{"level 2", "Level 3", "level 12"}},
		{"a prefix first", []string{"Spell", "Spell List", "Spells"}},
		{"leading zeros: by value, more zeros first", []string{"007", "7", "08", "8"}},
		{"past int64", []string{"99999999999999999999", "100000000000000000000"}},
		{"case only: byte order", []string{"ABC", "Abc", "abc"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(20) {
				got := slices.Clone(tt.want)
				rand.New(rand.NewPCG(seed, 1)).Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
				slices.SortFunc(got, Compare)
				if !slices.Equal(got, tt.want) {
					t.Fatalf("sorted = %q, want %q", got, tt.want)
				}
			}
		})
	}
}

// TestCompareAgainstTuples checks Compare on generated "M.N_Word" names
// against an independent order: the tuple (M, N, lower-case word).
func TestCompareAgainstTuples(t *testing.T) {
	type key struct {
		m, n int
		w    string
	}
	r := rand.New(rand.NewPCG(7, 7))
	words := []string{"Abilities", "abilities", "Contest", "flaws", "Mobs", "zeal"}
	var names []string
	keys := map[string]key{}
	for range 400 {
		k := key{r.IntN(13), r.IntN(15), words[r.IntN(len(words))]}
		name := fmt.Sprintf("%d.%d_%s", k.m, k.n, k.w)
		if _, dup := keys[name]; !dup {
			names = append(names, name)
			keys[name] = k
		}
	}
	oracle := func(a, b string) int {
		ka, kb := keys[a], keys[b]
		if ka.m != kb.m {
			return ka.m - kb.m
		}
		if ka.n != kb.n {
			return ka.n - kb.n
		}
		if c := strings.Compare(strings.ToLower(ka.w), strings.ToLower(kb.w)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	}
	for _, a := range names {
		for _, b := range names {
			if got, want := Compare(a, b), oracle(a, b); sign(got) != sign(want) {
				t.Fatalf("Compare(%q, %q) = %d, want the sign of %d", a, b, got, want)
			}
		}
	}
}

func TestPaddedAndText(t *testing.T) {
	// BeaconRoad's Book/ numbers chapters for text order: 111 is 1.1.1.
	book := []string{"00-Frontmatter", "01-Intro", "10-TheWorld", "111-Districts", "20-Factions", "221-Guild", "74-Equipment"}
	if !Padded(book) {
		t.Errorf("Padded(%q) = false", book)
	}
	shuffled := []string{"74-Equipment", "111-Districts", "221-Guild", "00-Frontmatter", "20-Factions", "10-TheWorld", "01-Intro"}
	slices.SortFunc(shuffled, Text)
	if !slices.Equal(shuffled, book) {
		t.Errorf("Text order = %q, want %q", shuffled, book)
	}
	for _, names := range [][]string{{"1.0_Intro", "10.0_Appendix"}, {"0", "Zeal"}, {"Rules", "0x"}, nil} {
		if Padded(names) {
			t.Errorf("Padded(%q) = true", names)
		}
	}
}

// TestKeyOrder: Key's byte order is Compare's, on the names of
// TestCompareOrders and on generated chapter names (numbers of every
// length, past nine digits too), but for leading zeros and case, which
// Key does not tell apart.
func TestKeyOrder(t *testing.T) {
	names := []string{"1.5_Participants", "2.1_Abilities", "2.9_Mismatched", "2.10_Mobs", "2.13_Resistance", "9.2_Drawing",
		"10.0_Appendix", "10.2_Version", "1", "2", "9", "10", "11", "100", "apple", "Banana", "cherry", "Date", "level 2",
		"Level 3", "level 12", "Spell", "Spell List", "Spells", "99999999999999999999", "100000000000000000000",
		"123456789", "1234567890", "987654321", "Spell 2", "Spell 10", "Spell-2", "Spell.2", "Spell 2a", "Spell 2 b", "0", "Été"}
	for i := range 200 {
		names = append(names, fmt.Sprintf("%d.%d_x", i*7919%1000003, i%13))
	}
	for _, a := range names {
		for _, b := range names {
			want := Compare(a, b)
			if strings.EqualFold(a, b) {
				continue
			}
			if got := strings.Compare(Key(a), Key(b)); got != want {
				t.Errorf("Key(%q) = %q vs Key(%q) = %q: %d, Compare says %d", a, Key(a), b, Key(b), got, want)
			}
		}
	}
}
