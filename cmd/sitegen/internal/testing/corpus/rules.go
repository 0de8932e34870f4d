package corpus

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
)

// RulesSections is the number of sections of a rules-shaped corpus.
const RulesSections = 10

// GenerateRules writes a corpus of n pages of a second shape, the one of
// the project's shared benchmark corpus (bench/corpus.py): pages spread
// over RulesSections sections without section pages of their own (page i
// in section s<i mod 10>), each page four h2 sections of prose with
// emphasis, a three-item list and one link to another page, the second
// section with an 11-row table; no description, no h3, no footnote, no
// code. It writes the same shape, not the same words (its own random
// source), and a site.toml.
func GenerateRules(dir string, n int, seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	files := map[string]string{
		"site.toml": "title = \"bench\"\nbaseURL = \"https://example.org/\"\n",
	}
	for i := range n {
		files[RulesPagePath(i)] = rulesPage(rng, i, n)
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("corpus: %w", err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return fmt.Errorf("corpus: %w", err)
		}
	}
	return nil
}

// RulesPagePath is the source file of page i of a rules-shaped corpus
// ("content/s3/rule-703.md").
func RulesPagePath(i int) string {
	return fmt.Sprintf("content/s%d/rule-%d.md", i%RulesSections, i)
}

// rulesWords is the vocabulary of the rules-shaped corpus.
const rulesWords = "attack defense damage armor wound stun graze roll dice skill focus " +
	"initiative range cover brawl shoot throw dodge parry block critical " +
	"fumble stamina physique reflexes difficulty modifier success failure " +
	"mixed weapon blade pistol rifle spear shield helmet round turn action"

func rulesPara(rng *rand.Rand, n int) string {
	vocab := strings.Fields(rulesWords)
	w := make([]string, n)
	for i := range w {
		w[i] = vocab[rng.IntN(len(vocab))]
	}
	s := strings.Join(w, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func rulesPage(rng *rand.Rand, i, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "---\ntitle: \"Rule s%d-%d\"\nweight: %d\n---\n\n", i%RulesSections, i, i)
	vocab := strings.Fields(rulesWords)
	for h := range 4 {
		fmt.Fprintf(&b, "## Section %d of rule %d\n\n", h, i)
		fmt.Fprintf(&b, "%s *%s* **%s**\n\n", rulesPara(rng, 60), rulesPara(rng, 5), rulesPara(rng, 4))
		fmt.Fprintf(&b, "- %s\n- %s\n- %s\n\n", rulesPara(rng, 8), rulesPara(rng, 8), rulesPara(rng, 8))
		if h == 1 {
			b.WriteString("| Roll | Result | Damage |\n|---|---|---|\n")
			for k := 2; k <= 12; k++ {
				fmt.Fprintf(&b, "| %d | %s | %d |\n", k, vocab[rng.IntN(len(vocab))], rng.IntN(7))
			}
			b.WriteString("\n")
		}
		j := rng.IntN(n)
		fmt.Fprintf(&b, "See [rule %d](../s%d/rule-%d.md) for more. %s\n\n", j, j%RulesSections, j, rulesPara(rng, 40))
	}
	return b.String()
}
