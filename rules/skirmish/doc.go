// Package skirmish resolves one melee confrontation of the bilingual (EN/FR)
// fantasy skirmish game "Fight – Combat" (a dice pool with cancelling
// penalty dice) and computes its exact odds. The specification is
// shared/rules/skirmish.md; the seed is the game's "Fight – Combat" page.
//
// # Mechanics
//
// The attacker rolls attack_dice six-sided pool dice and attack_penalty
// penalty dice at the same time; the defender rolls defense_dice and
// defense_penalty. Each penalty die cancels ONE pool die of its own side
// showing the same face; a penalty die with no match does nothing. Each side
// then keeps 2 of its remaining dice and scores their sum (a side left with
// one die scores it, with none scores 0). The higher score wins; on a tie the
// totals of the dice not kept (after cancellation) are compared, higher wins,
// and a second tie means the attack fails.
//
// When the attacker wins, the difference (attack score − defense score) is
// read on the damage table, armor is subtracted (not below 0) and then
// extra_damage (the dirty-trick bonuses) is added. A difference of 12 or more
// is instant death, whatever armor or the table say.
//
// # Decisions
//
//   - Which two dice a side keeps is the player's choice; odds need a policy,
//     set by keep for both sides: "highest" keeps the two highest dice;
//     "prefer_double" keeps the highest double (pair of equal faces) when
//     there is one, else the two highest. Under "highest" more dice never
//     lower a side's chances; "prefer_double" trades score for doubles, so
//     its chance to win can fall as dice are added (3 attack dice against 1
//     win more often than 4), while its chance to keep a double rises.
//   - Instant death needs a difference of 12, so only a defense left with
//     no dice (all cancelled by its penalty dice) can suffer it.
//   - The damage table's values were icons in the seed; only "3–4 → 3 points"
//     (the seed's example) and "12 or more → instant death" are known. The
//     other rows are provisional (see [DamageBands]) and Input.DamageTable
//     overrides them: 7 whole numbers 0..20, the points for the differences
//     "up to 2", "3–4", "5–6", "7–8", "9", "10" and "11", in that order (the
//     rows of the rulebook's table); 12 or more stays instant death.
//   - A tie broken by the dice not kept gives difference 0, which reads the
//     "up to 2" row.
//   - The attacker's double 6 is the Force attack, counted in damage: armor
//     counts as 0 (or, against an unarmoured defender, +1 damage) and +1
//     damage, after the table and before extra_damage. Setting
//     force_attack: "use" (default) uses it whenever the kept pair is a
//     double 6 (it only adds damage); "never" leaves a kept double 6 as a
//     plain 12. A score of 12 is only ever a kept double 6, so the two are
//     the same rolls (before any Maneuver's reroll). Its Off balance effect
//     is counted as defender_falls: the defender rolls defender_aptitude
//     dice and falls unless two of them match.
//   - Weapon breakage: every Force attack tests every weapon used, win or
//     lose (the seed ties the test to using the attack, not to the hit).
//     weapon is the material of the weapon (bone, stone, metal; bone when
//     unknown, as the seed says) and second_weapon that of a weapon in the
//     other hand or none. Bone/wood breaks on 1–2 of a d6, obsidian/stone
//     on 1, metal on 1 and then 1 again (the second die is rolled only after
//     a 1): 1/3, 1/6 and 1/36.
//   - Situations (charge, backstab, ground) are named settings that map to
//     dice, one die each (the seed's sizes were icons): a charge or backstab
//     is "attack_die" (+1 attack die) or "defense_penalty" (+1 defense
//     penalty die), the attacker's choice; a backstab also adds 1 damage;
//     ground "defender" is +1 defense penalty die and +1 damage, "attacker"
//     +1 attack penalty die, "both" all of these. They add to the dice fields
//     (the attack pool must stay at most 12, an error on the situation's
//     field otherwise; penalty dice may then reach 7). The extra damage
//     counts after armor like extra_damage.
//   - attacker_effect: the special attack counted when the attacker keeps a
//     double 1–5 (none, the default, counts none). precise: the defender
//     rolls one more penalty die after both sides rolled, which cancels as
//     any penalty die (the same law as rolling it with the others), and
//     keeps again. flaw: armor −1 (not below 0) before it is subtracted, or
//     +1 damage against armor 0. tactical: a tie of scores is won at once
//     and deals exactly TacticalDamage (1) point, not reduced by armor, plus
//     the extra damage (dirty tricks). best: one effect for the whole
//     match-up, the one with the highest chance of instant death, then the
//     highest mean damage over all attacks, then the highest chance to win
//     (Precise first on exact ties, then Flaw, then Tactical, then
//     Maneuver, which best weighs only under keep highest). The effect is
//     chosen from the first roll's kept pair; a new double after a reroll
//     gives no second effect.
//   - maneuver (attacker_effect and defender_effect): once both sides have
//     kept (after a Precise attack), the opponent rerolls its highest kept
//     die, which is its highest die left; the new die meets no penalty die
//     (they were spent on the first roll), and the opponent keeps its two
//     highest again. A double the opponent kept before the reroll stays
//     active for its own effect (the seed: a triggered double stays active
//     after a reroll). Under keep highest it is the pick that hurts the
//     opponent most: with the highest die gone, every face the opponent
//     keeps or leaves is at most what another pick would leave (score and
//     tie-break alike). It is counted only under keep highest: with
//     prefer_double the input is refused on keep (the kept pair would
//     depend on every face's count, too costly to count exactly).
//   - defender_effect: the special defense counted when the defender keeps
//     a double 1–5 (none, the default, counts none); defender_effect_six:
//     on a double 6, none, off_balance, riposte or best. The defense is read
//     from the pair the defender keeps after a Precise attack's penalty die
//     (a cancelled die is not a reroll, so no earlier double stays active)
//     and before a Maneuver's reroll. aggressiveness: 1 point less
//     damage taken, not below 0, after everything else (Tactical
//     advantage's point included); no effect on instant death. riposte:
//     when the defender's score is strictly higher (a tie broken on the
//     dice not kept is not one), the attacker takes the damage table's
//     points for the margin (defense − attack score) less attacker_armor
//     (not below 0); a margin of 12 kills the attacker; no dirty-trick or
//     Force attack bonus applies. best (double 1–5): Riposte when the
//     defender scores higher and Aggressiveness otherwise, roll by roll:
//     the two never help on the same roll, so this is the defender's best;
//     it never takes Maneuver (a reroll is chosen before the comparison).
//     off_balance (double 6): the attacker rolls attacker_aptitude dice
//     and falls unless two of them match (attacker_falls), whoever won.
//     best (double 6): Riposte when the defender scores higher (the damage
//     is certain, the fall is not), else Off balance: that is on a tie at 12.
//   - Aptitude tests: attacker_aptitude and defender_aptitude dice, 0 to
//     12 (2 by default, provisional: the profiles give it), no penalty dice;
//     fewer than 2 dice always fall, 7 or more never. A fall changes nothing
//     in this confrontation.
//   - Not counted: Disengage, second effects from a double made by a
//     reroll, and rerolls of rerolls (one Maneuver per double). The odds report how often each side keeps
//     such a double, and a resolved roll says which effects are available.
//   - Empty force_attack, weapon and second_weapon read as their defaults
//     (use, bone, none), and empty charge, backstab, ground,
//     attacker_effect, defender_effect and defender_effect_six as none, so
//     inputs written before these fields keep their meaning.
//   - Order of dice for Resolve: the attack pool dice, the attack penalty
//     dice, the defense pool dice, the defense penalty dice (the seed's
//     defender rolls first because of initiative; only the order of typing
//     is fixed here, the result does not depend on it), then, after a
//     Precise attack, its penalty die for the defense, the Maneuver reroll
//     dice (the defender's, then the attacker's), after a Force attack the
//     breakage dice of weapon and of second_weapon, and last the aptitude
//     dice (the defender's after a Force attack, then the attacker's after
//     Off balance).
//
// # Names (public contract)
//
// Outcomes: attacker_wins and defender_wins partition the roll (they sum to
// 1; defender_wins includes every tie resolved for the defender). Overlapping
// flags: instant_death (the attacker wins by 12 or more; part of
// attacker_wins), tie_first_comparison (equal scores, whoever then wins),
// special_attack (the attacker keeps a double 1–5: Precise attack,
// Maneuver, Flaw or Tactical advantage may be chosen), force_attack (the
// attacker keeps a double 6 and uses the Force attack; 0 under
// force_attack never), weapon_breaks (a Force attack breaks at least one
// weapon; part of force_attack), special_defense (the defender keeps a
// double 1–5) and off_balance_or_riposte (the defender keeps a double 6),
// both read from the defender's final pair; riposte (a counted Riposte
// sends the damage back; part of defender_wins), riposte_instant_death
// (the margin is 12; part of riposte), defender_falls (a Force attack's
// aptitude test shows no double; part of force_attack) and attacker_falls
// (Off balance is taken and the attacker's test shows no double; part of
// off_balance_or_riposte).
// These replace the earlier attacker_double, attacker_double_six,
// defender_double and defender_double_six, which counted double 6 inside
// "double" (issue #12 asked for the split).
//
// Distributions follow one convention: they range over all rolls, and the
// rolls where the quantity has no value are left out, so a distribution's
// total mass is the probability that it has a value, and its Mean is the
// mean over those rolls.
//   - difference: attack score − defense score, over the rolls the attacker
//     wins (mass = P(attacker_wins)); ties won on the dice not kept are 0.
//   - damage: points taken after armor, the Force attack and extra damage; 0 when the attack
//     fails; instant-death rolls are left out (mass = 1 − P(instant_death)).
//   - attack_score, defense_score: the kept sums, 0 to 12 (mass 1); the
//     defense score after a Precise attack, either after a Maneuver.
//   - riposte_damage: points the attacker takes from a Riposte after
//     attacker_armor, over the Ripostes (mass = P(riposte) −
//     P(riposte_instant_death)).
//
// Means: damage, difference, attack_score, defense_score, riposte_damage
// (each the Mean of its distribution, as above).
//
// Resolve's Roll.Outcome is attacker_wins or defender_wins; Roll.Values holds
// attack_score, defense_score, attack_rest and defense_rest (totals of the
// dice not kept), difference (attack − defense score, may be negative),
// damage (absent on instant death), the 0/1 flags instant_death,
// special_attack, force_attack, special_defense and off_balance_or_riposte,
// weapons_broken (0, 1 or 2), riposte, riposte_instant_death,
// defender_falls and attacker_falls (0/1) and riposte_damage (present when
// a Riposte hits and does not kill).
package skirmish
