package spacedoor

import "testing"

// TestLuckProbabilitiesBounded: every outcome of spacedoor/luck is a
// probability, at most 1, over a sweep of its inputs (float sums over many
// paths once gave P(standing) = 1.0000000000000009).
func TestLuckProbabilitiesBounded(t *testing.T) {
	for _, use := range LuckUses() {
		for luck := 0; luck <= Luck; luck += 3 {
			for ex := 1; ex <= MaxExchanges; ex += 3 {
				for tough := -3; tough <= 5; tough += 4 {
					in := DefaultLuckInput()
					in.Use, in.Luck, in.Exchanges, in.Tough = use, luck, ex, tough
					rep, err := LuckOdds(in)
					if err != nil {
						t.Fatalf("%+v: %v", in, err)
					}
					for _, o := range rep.Outcomes {
						if o.P < 0 || o.P > 1 {
							t.Errorf("%+v: P(%s) = %.17g, not a probability", in, o.Name, o.P)
						}
					}
				}
			}
		}
	}
}
