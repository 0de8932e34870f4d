// Package d6xd6 resolves one attack of the D6xD6 RPG (Lester Smith,
// d6xd6.com, chapter 7 "Conflict and Damage") and one second wind (the
// chapter's optional rule), and computes their exact odds.
//
// # Mechanics
//
// The attacker rolls two six-sided dice and multiplies them: R = d1 × d2
// (1..36, only 18 distinct products). Penalties p then move R the unhelpful
// way: a Focused roll becomes R' = R − p, an Unfocused or Unfamiliar roll
// R' = R + p. The penalty is the attacker's armor rating (light 1, medium 2,
// heavy 3), the attacker's own damage (Graze 1, Stun 2, Hit 3, Wound 4), the
// rifle's 2 points at brawl range, and the situational extra_penalty.
//
// Against the Focus number F:
//   - Focused: success when R' >= F, with 1 + min(3, (R'−F)/10) levels
//     (10 over doubles, 20 over triples, 30 over quadruples).
//   - Unfocused: success when R' <= F; 2 levels when R' <= F−5, else 1.
//   - Unfamiliar: success when R' < F, always 1 level.
//
// Each plus (0..3) on a Focused or Unfocused skill adds a level on success.
// The attack's damage is the weapon's base level plus the bonus levels
// (levels − 1) plus one per aimed turn, capped at Overkill. Defense lowers
// it: reactive defense 1 step, or (instead) the target's armor 1, 2 or 3
// steps, plus one step per Drama Point. Damage at or below none has no
// effect. Otherwise the target's damage track follows Add and Supersede
// (AddDamage): incoming damage up to the current level adds one step,
// greater damage replaces it; the track stops at Kill.
//
// # Second wind
//
// A hurt character spends an action and rolls against Will or Brawn: the
// same task roll (task type, Focus, pluses, difficulty steps), penalised by
// the character's own damage level, armor worn and extra_penalty. A
// success recovers one damage level and each bonus level one more, so the
// damage drops by the levels of success, to no less than unhurt
// (SecondWindOdds, ResolveSecondWind).
//
// # Decisions where the sources are silent
//
//   - Equal incoming and current damage adds one step (as the rules note).
//   - difficulty_steps (0..3, default 0) moves each die that many pips the
//     unhelpful way before multiplying: down for Focused (stopping at 0),
//     up for Unfocused and Unfamiliar (a die may then read up to 9).
//   - Pluses belong to a skill, so they do not apply to an Unfamiliar task;
//     the trace says so.
//   - Ranges: brawling weapons reach brawl range only; thrown weapons brawl
//     and throw; shooting weapons brawl to shoot, except bows (throw and
//     shoot only); the rifle alone reaches view range. An attack at a range
//     the weapon cannot reach is an input error on the range field.
//   - Weapon requirements (Martial Arts or a Combat career) and the group's
//     attack abilities decide which task type the attacker rolls; the task
//     is an input, so they are data for the page, not checks.
//   - The taser: when a successful taser attack leaves the target at Kill,
//     the target may roll Brawn or Will to drop to Knockout. That roll is the
//     target's, outside this attack, so the odds and the trace keep the Kill
//     and raise the flag taser_check instead.
//   - Missed actions (Input.Missed): the attack turned on a new target
//     loses one level of success, and is lost below one; aimed turns still
//     add their levels (the rule takes a level of success, nothing else).
//     Held actions change when an action happens, not its levels, so they
//     have no field.
//   - Aimed turns count as levels for exceptional attacks, as the seed says;
//     Splits lists every way to share the levels among targets.
//   - Second wind: the character's damage level penalises the roll like any
//     roll (the seed: a penalty "to all dice rolls"); a character at
//     Knockout or Kill cannot act and an unhurt one has nothing to recover,
//     so damage runs Graze to Wound. The task type is an input, as for the
//     attack (Will or Brawn Focused, or not). Levels beyond the damage are
//     lost: the character is unhurt.
//
// # Names (a public contract)
//
// Outcomes partition the roll: "miss" (the attack roll fails), "no_effect"
// (the roll succeeds but defense brings the damage to none) and "hit"
// (damage above none lands). Overlapping flags: "success" (= no_effect +
// hit) and "taser_check" (a taser leaves the target at Kill; always 0 for
// other weapons).
//
// Distributions: "roll" (R' after penalties), "levels" (levels of success
// including pluses, 0 on a miss), "attack_damage" (the attack's damage
// before defense), "damage" (after defense) and "target_after" (the target's
// track after Add/Supersede); the last three are labelled None, Graze, ...
// Overkill. Means: "roll", "levels", "damage", "target_after". Resolve's
// values: "product", "roll", "levels", "attack_damage", "damage",
// "target_after", "taser_check".
//
// The second wind's outcomes partition the roll: "no_recovery" (the roll
// fails), "recovers_partly" (damage drops but some is left) and
// "recovers_fully" (the character is unhurt); the flag "success" is the
// last two. Distributions and means: "roll", "levels", "levels_recovered"
// and "damage_after" (labelled None ... Wound). ResolveSecondWind's
// values: "product", "roll", "levels", "levels_recovered", "damage_after".
package d6xd6
