// Package opend6 resolves one OpenD6 attack (D6 Adventure/Fantasy/Space,
// Open Game Content) and computes its exact odds: the attack roll against
// the combat difficulty, the damage roll against the damage resistance roll,
// and the target's resulting state under the Wounds or the Body Points
// system. The specification is shared/rules/opend6.md.
//
// # Mechanics
//
// A die code ND+p is rolled as N−1 normal dice plus one Wild Die plus p pips
// (a 1D roll is the Wild Die alone; 0D+p rolls nothing and totals p). A Wild
// Die showing 6 is added and rolled again, while it keeps showing 6; a 1 on a
// re-roll is just 1. A 1 on the first toss is a critical failure, handled by
// the setting wild_one: "cancel" removes the Wild Die and the highest other
// die; "cancel_keep_one" removes only the highest other die (the 1 counts);
// "complication" adds normally and flags a complication; "none" treats the 1
// as 1. The setting applies to every roll with a Wild Die (attack,
// defense, cover dice unless cover_wild is "regular", damage, resistance;
// never to Character Point dice); only the attack roll's critical failure is reported
// as an outcome. The exact distribution treats a first-toss 1 through the
// joint law of the sum and the highest face of the normal dice; the
// exploding tail is cut where its mass falls below dice.TailEpsilon (on
// the attack side, below a share of P(hit), so that the damage given a
// hit stays within 1e-12 relative of exact even when a hit is rare).
//
// Character Points: each point spent on a roll adds one extra Wild Die that
// explodes on a 6 and counts a 1 as 1 (never a critical failure). The
// attacker may spend them on the attack roll (attack_cp) and the damage
// roll (damage_cp), the defender on a partial or full defense roll
// (defense_cp) and on the resistance roll (resistance_cp). The setting
// cp_limit caps the points on one roll: easy 2, cinematic 5 (default),
// unlimited (MaxCharacterPoints here), as the source leaves the maximum
// to the Game Master by the adventure's challenge. The sum of the extra
// dice has its tail cut below dice.TailEpsilon.
//
// The attack skill loses 1D per action beyond the first (multi-action
// penalty, skill rolls only). Combat difficulty = base + range + cover +
// modifier, never below 3. The base is 10 (passive), the defender's roll
// (partial defense; it replaces 10 even when lower) or that roll + 10 (full
// defense). Range: Point Blank −5, Short 0, Medium +5, Long +10. Cover adds
// +3/+6/+12 (light/heavy/very_heavy) or, with cover_dice, a roll of
// 1D/2D/4D. The attack hits when its total is at least the difficulty.
//
// Combat options (fields): aim_rounds adds +1D per consecutive round of
// aiming, at most 3. fate_point doubles the attacker's own dice and pips
// for the roll (attack: the skill, 4D+2 rolled as 8D+4 with one Wild Die;
// damage: the Strength Damage dice, never the weapon's; climactic: both),
// before aiming and the multi-action penalty; no Character Points go on a
// roll with a Fate Point. attack_option: all-out attack −6 and +1D damage
// (the attacker's only action), lunge +3 and −1D damage, sweep −6 and −3D
// damage. target_posture: crouching +3, crouching and moving +6, prone −6
// at Point Blank or Short and +6 farther. defense_actions takes 1D per
// action beyond the first off a partial defense. called_shot adds the
// difficulty of a hit location (head +3, damage +12; heart +12, +12;
// chest 0; arm +3, −2; leg +3, −1; hand +12, −2, no damage bonus at an
// arm, a leg or a hand) or of a small target by size (+3, +12, +24 for
// 10–50 cm, 1–10 cm, under 1 cm; +1D damage). The options add their
// fixed (standard) values, never rolled dice.
//
// On a hit the damage roll is the weapon's code plus the attacker's Strength
// Damage (weapons with a "+"): Strength Damage is the Physique or lifting
// code with pips dropped, halved, rounded up (3D → 2D, 6D+2 → 3D), added as
// dice to the one damage roll. The optional damage bonus adds
// ceil((attack total − difficulty)/5). Under the Wounds system the
// resistance roll (Physique plus armor, one die code) is subtracted and the
// difference d gives the wound level: ≤0 none, 1–3 Stunned, 4–8 Wounded,
// 9–12 Incapacitated, 13–15 Mortally Wounded, ≥16 Dead. Stun weapons lower
// the result two levels, to no less than Stunned. A target already hurt
// moves up one level on a result below its level, and on an equal result
// when stack_equal is set (Wounded on Wounded always gives Severely Wounded,
// as the source says). Under the Body Points system the resistance code is
// the armor only, the loss is max(0, damage − resistance), and the optional
// chart maps the share of body points left to a level: above 80% none,
// 80–60% Stunned, 59–40% Wounded, 39–20% Severely Wounded, 19–10%
// Incapacitated, 9% down to 1 point Mortally Wounded, 0 Dead (the share is
// 100 × left / max, rounded down).
//
// # Decisions where the source is silent
//
//   - strength is the attacker's Physique (or lifting) code; the package
//     halves it. Use 0D for weapons without a "+".
//   - actions may not take the skill below 1D: actions runs 1 to
//     min(5, skill dice), and more is an input error on the field actions.
//   - defense_skill is the defender's skill as written; defense_actions
//     applies the defender's own multi-action penalty to a partial
//     defense (a full defense is the whole round, so it takes 1). It is
//     validated even for a passive defense, where it is not rolled.
//   - The damage roll never goes below 0D (a sweep with a 2D weapon rolls
//     only its pips), and the damage total, after a called shot's −1 or
//     −2, never below 0.
//   - A called shot at a small target counts as +1D damage, one of the
//     effects the source lets the attacker choose.
//   - A Fate Point on damage doubles Strength Damage (dice of the
//     character), not the Physique it comes from.
//   - The defender's Fate Point (defender_fate_point: none, defense,
//     resistance or climactic for both) mirrors the attacker's: on the
//     defense it doubles the defense skill before the defender's
//     multi-action penalty (a partial or full defense only: a passive
//     defense rolls nothing); on the resistance it doubles the character's
//     own part of the code, Physique, never the armor: resistance_armor
//     says how much of resistance is armor (0D by default, all of it
//     Physique), and the roll is 2 × (resistance − armor) + armor with the
//     pips kept apart (Physique 3D in hard leather 1D+1 resists with 7D+1).
//     Under Body Points the resistance is armor alone, so a Fate Point
//     there is an input error, as are Character Points on a roll with a
//     Fate Point.
//   - Rolled cover has a Wild Die by default (setting cover_wild = "wild"):
//     the source gives every roll one ("Whenever any player, including
//     the Game Master, makes any roll, one of the dice must be different
//     from the rest") and the cover modifier is rolled by the Game Master.
//     cover_wild = "regular" rolls it as regular dice, reading it as a
//     bonus in dice ("you add the listed number of regular dice"); either
//     way, no one's Character Points go on the cover roll.
//   - Character Points add their dice after the roll's own Wild Die is
//     read: a critical failure's cancelled highest die is a normal die,
//     never a point's die (points may be spent after the roll).
//   - defense_cp needs a partial or full defense: a passive defense rolls
//     nothing to spend them on (an input error on defense_cp).
//   - The points are a fixed number per roll; a player who decides after
//     seeing the dice is modelled by comparing the odds with and without.
//   - A miss rolls no damage: the distribution "damage" is conditional on a
//     hit, while wound_level, body_points_lost, target_after and level_after
//     count a miss as no injury / no loss.
//   - The Body Points maximum (20 + a Physique roll made once, when the
//     character is made) and the current points are inputs, body_points_max
//     and body_points.
//   - Stun weapons apply to the Wounds system only; they count Severely
//     Wounded as a level (Mortally Wounded → Severely Wounded).
//
// # Names
//
// Outcomes: "hit" and "miss" partition the attack (they sum to 1).
// "critical_failure" (the attack's Wild Die shows 1 on its first toss and
// wild_one is not "none") and "complication" (the same under "complication")
// are flags that overlap them.
//
// Distributions: "attack_total", "difficulty", "damage" (damage total given
// a hit, bonus included), "resistance"; for wounds "wound_level" (level this
// attack inflicts) and "target_after" (the target's level after stacking),
// labelled 0 none, 1 Stunned, 2 Wounded, 3 Severely Wounded, 4
// Incapacitated, 5 Mortally Wounded, 6 Dead; for body points
// "body_points_lost", "target_after" (body points left) and "level_after"
// (the optional chart's level for the points left).
//
// Means: "attack_total", "difficulty", "damage" (given a hit), then
// "wound_level" and "target_after", or "body_points_lost" and
// "target_after".
//
// Resolve takes the dice in this order: the attack roll (its normal dice,
// then the Wild Die and its re-rolls), the defense roll (partial or full
// defense only), the cover roll (cover_dice only), and on a hit the damage
// roll and the resistance roll (none when the resistance is 0D+p and no
// points are spent). Each roll is its normal dice first, then the Wild Die
// and its re-rolls, then each Character Point die and its re-rolls; a
// regular cover roll is its dice alone.
package opend6
