package calc

// rollDocs returns the texts of the fields every calculator takes.
func rollDocs() map[string]FieldDoc {
	return map[string]FieldDoc{
		"dice": Label("Dice rolled", "The faces you rolled, in the order the steps explain them, e.g. 6 5 3. Leave empty for odds only."),
		"seed": Label("Seed", "Let the page roll: the same seed always rolls the same dice."),
	}
}

// document fills in the texts of c's form from its Doc; the dice and seed
// fields get the common texts. Nothing, error messages included, depends
// on these texts: the WebAssembly module only validates and computes.
func document(c *Calculator, d Doc) {
	c.Title, c.Help = d.Title, d.Help
	for i := range c.Fields {
		f := &c.Fields[i]
		fd, ok := d.Fields[f.Name]
		if !ok {
			fd = rollDocs()[f.Name]
		}
		f.Label, f.Help = fd.Label, fd.Help
	}
}
