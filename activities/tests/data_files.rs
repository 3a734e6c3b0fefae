//! The files under `data/` parse with the types that read them in production, and say what the
//! product needs them to say: institutions, the rate books (NAC, Rt66, EFG), the sales-tax table,
//! the plan texts and the contract template.

use std::path::{Path, PathBuf};
use std::process::Command;

use coverline_activities::documents::{COMPONENT_AREAS, ContractDocument, ContractRenderer, CoveredComponent, PlanTexts};
use coverline_activities::rating::{PricedOption, QuoteError, Rating, quote_provider};
use coverline_domain::contact::STATE_CODES;
use coverline_domain::institution::Institution;
use coverline_domain::language::{Language, MessageValue};
use coverline_domain::money::Cents;
use coverline_domain::quote::{RateFilter, filter_rates};
use coverline_domain::rating::{RateBook, RatingRequest};
use coverline_domain::tax::NO_SALES_TAX_STATES;
use coverline_domain::vehicle::{CarFlags, Odometer};

/// The eleven component areas of spec section 3, in the spec's order.
const AREAS: [&str; 11] = COMPONENT_AREAS;

/// The plan names of spec section 9 (plus Powertrain and Power Wrap, named in section 3).
const SPEC_PLANS: [&str; 11] = [
    "PREMIUM",
    "PLATINUM",
    "SILVER",
    "ELITE",
    "STANDARD",
    "Main Street",
    "Easy Street",
    "First Street",
    "Gold",
    "Powertrain",
    "Power Wrap",
];

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")
}

fn institution_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir().join("institutions"))
        .expect("data/institutions exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn institution(id: &str) -> Institution {
    let text = std::fs::read_to_string(data_dir().join(format!("institutions/{id}.toml"))).unwrap();
    Institution::from_toml(&text).unwrap_or_else(|e| panic!("{id}.toml: {e}"))
}

fn summit() -> Institution {
    institution("summit-cu")
}

fn rating() -> Rating {
    Rating::load(&data_dir()).expect("rate books and tax table load")
}

/// A 2022 Kia Sorento at 45,000 miles, 15,000 miles a year, kept 6 years, rated in 2026.
fn kia() -> RatingRequest<'static> {
    RatingRequest {
        make: "Kia",
        model: "Sorento",
        model_year: 2022,
        current_year: 2026,
        odometer: Odometer(45_000),
        flags: CarFlags::default(),
        miles_per_year: 15_000,
        years_to_own: 6,
    }
}

// ---- Institutions ---------------------------------------------------------------------------

#[test]
fn every_institution_file_parses_and_points_at_real_files() {
    let files = institution_files();
    assert!(files.len() >= 3, "summit-cu and the two demo institutions: {files:?}");
    let rating = rating();
    let texts = PlanTexts::load(&data_dir()).expect("plan texts load");
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let institution = Institution::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(path.file_stem().unwrap().to_str().unwrap(), institution.institution_id, "file name and institutionId agree");
        let logo = data_dir().join("institutions/logos").join(&institution.application_settings.logo_name);
        assert!(logo.is_file(), "{}: logo {} missing", path.display(), logo.display());
        let svg = std::fs::read_to_string(&logo).unwrap_or_default();
        assert!(svg.len() < 3 * 1024 && svg.trim_start().starts_with("<svg"), "{}: a small SVG logo", logo.display());
        for colour in [&institution.branding.colors.primary, &institution.branding.colors.secondary, &institution.branding.colors.cta] {
            assert!(svg.contains(&format!("#{colour}")), "{}: logo uses brand colour {colour}", logo.display());
        }
        assert!(institution.email_settings.contact_email.ends_with(".example"), "{}: made-up email", path.display());
        assert_eq!(&institution.branding.phone_number[3..6], "555", "{}: a 555 number", path.display());
        for provider in &institution.application_settings.rate_providers {
            let book = rating.book(provider).unwrap_or_else(|| panic!("{}: no rate book for {provider}", path.display()));
            for plan in &book.plans {
                assert!(!texts.components(provider, &plan.name).is_empty(), "{}: no texts for {provider} {}", path.display(), plan.name);
            }
        }
        // Every state a provider of the institution sells in gets a quote for the typical car.
        for state in rating.eligible_states(&institution) {
            let quoted = rating.quote(&institution, &kia(), &state).unwrap_or_else(|e| panic!("{}: {state}: {e}", path.display()));
            assert_eq!(quoted.len(), 3, "{}: {state}: {quoted:?}", path.display());
        }
    }
}

#[test]
fn the_demo_institutions_use_rt66_and_efg_with_nac() {
    let prairie = institution("prairie-trail-fcu");
    assert_eq!(prairie.application_settings.rate_providers, ["Rt66"]);
    assert!(prairie.application_settings.allow_payment_options);
    assert!(!prairie.branding.should_start_in_dark_mode);
    let harbor = institution("harborline-bank");
    assert_eq!(harbor.application_settings.rate_providers, ["EFG", "NAC"]);
    assert!(harbor.branding.should_start_in_dark_mode);
    assert!(!harbor.application_settings.allow_payment_options);
    for i in [&prairie, &harbor] {
        assert!(i.is_active && i.application_settings.three_card_view);
        assert_eq!(i.testing_settings, Default::default(), "{}: no failure switch is on for the demo", i.institution_id);
    }
}

#[test]
fn summit_is_the_demo_institution() {
    let s = summit();
    assert_eq!(s.institution_id, "summit-cu");
    assert_eq!(s.name, "Summit Credit Union");
    assert!(s.is_active);
    assert_eq!(s.primary_provider(), "NAC");
    assert_eq!(
        (s.branding.colors.primary.as_str(), s.branding.colors.secondary.as_str(), s.branding.colors.cta.as_str()),
        ("0B3D91", "6CACE4", "F47B20")
    );
    assert_eq!(s.branding.phone_number, "8005550142");
    assert!(s.branding.should_have_promotional_checkbox);
    assert!(s.branding.allow_dark_mode_toggle);
    assert!(s.application_settings.three_card_view);
    assert_eq!(s.application_settings.price_limit, 5000);
    assert!(s.application_settings.splash_page_text.as_deref().is_some_and(|t| !t.is_empty()));
    assert_eq!(s.email_settings.contact_email, "vsc@summit-cu.example");
    assert_eq!(s.entity_id, "ENT-77001");
    assert_eq!(s.testing_settings, Default::default(), "no failure switch is on for the demo");
}

#[test]
fn summit_logo_is_a_small_svg() {
    let logo = std::fs::read_to_string(data_dir().join("institutions/logos/summit-cu.svg")).unwrap();
    assert!(logo.len() < 3 * 1024, "logo is {} bytes", logo.len());
    assert!(logo.trim_start().starts_with("<svg") && logo.trim_end().ends_with("</svg>"));
    for colour in ["#0B3D91", "#6CACE4", "#F47B20"] {
        assert!(logo.contains(colour), "logo uses brand colour {colour}");
    }
}

// ---- Rate books -----------------------------------------------------------------------------

fn summary(options: &[PricedOption]) -> Vec<(&str, &str, u16, u32, Cents)> {
    options.iter().map(|o| (o.option.provider.as_str(), o.option.plan.as_str(), o.option.months, o.option.miles, o.option.price)).collect()
}

#[test]
fn the_books_sell_the_spec_plan_names_each_once() {
    let rating = rating();
    let mut names: Vec<&str> = rating.books().flat_map(|b| b.plans.iter().map(|p| p.name.as_str())).collect();
    names.sort_unstable();
    let mut expected = SPEC_PLANS.to_vec();
    expected.sort_unstable();
    assert_eq!(names, expected, "every spec plan name is sold by exactly one provider");
    let providers: Vec<&str> = rating.books().map(|b| b.provider.as_str()).collect();
    assert_eq!(providers, ["EFG", "NAC", "Rt66"]);
    for plan in SPEC_PLANS {
        assert!(rating.provider_of_plan(plan).is_some(), "{plan}");
    }
    assert_eq!(rating.provider_of_plan("Easy Street"), Some("Rt66"));
    assert_eq!(rating.provider_of_plan("Gold"), Some("EFG"));
    assert_eq!(rating.provider_of_plan("SILVER"), Some("NAC"));
}

#[test]
fn every_provider_names_its_obligor_with_the_licences_its_states_require() {
    let rules = coverline_activities::cancellation::load_rules(&data_dir()).unwrap();
    let obligors = coverline_activities::documents::load_obligors(&data_dir().join("providers")).expect("providers load");
    rating().check_obligors(&obligors, &rules).expect("every rate book's obligor can be named in full");
    for book in rating().books() {
        let file = obligors.file(&book.provider).unwrap();
        assert!(file.lab, "{}: the repository's obligors are illustrative and say so", book.provider);
        assert_eq!(&file.obligor.phone[3..6], "555", "{}: a 555 number", book.provider);
        assert!(file.licences.values().all(|l| l.number.starts_with("LAB-")), "{}: lab licence numbers", book.provider);
    }

    // A book filed in Oklahoma without its obligor's Oklahoma licence stops the start, naming both.
    let dir = std::env::temp_dir().join(format!("coverline-providers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["nac.toml", "rt66.toml"] {
        let text = std::fs::read_to_string(data_dir().join("providers").join(name)).unwrap();
        std::fs::write(dir.join(name), text.replace("[licences.OK]", "[licences.AR]")).unwrap();
    }
    let err = rating().check_obligors(&coverline_activities::documents::load_obligors(&dir).unwrap(), &rules).unwrap_err().to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    for line in [
        "EFG: no providers file names its obligor",
        "NAC: sells in OK, whose contracts must print the obligor's licence there",
        "Rt66: sells in OK",
    ] {
        assert!(err.contains(line), "{line:?} in {err}");
    }
    assert!(!err.contains("in TX"), "Texas is still licensed: {err}");
}

#[test]
fn every_book_in_data_passes_its_check() {
    let dir = data_dir().join("ratebooks");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let book = RateBook::from_toml(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(path.file_stem().unwrap().to_str().unwrap(), book.provider.to_ascii_lowercase(), "file named after the provider");
            assert!(!book.model_classes.is_empty(), "{}: a model-level class guide", book.provider);
            checked += 1;
        }
    }
    assert_eq!(checked, 3);
}

#[test]
fn the_typical_car_gets_three_options_of_distinct_miles_from_each_provider() {
    let rating = rating();
    let need = kia().need();
    for book in rating.books() {
        let options = filter_rates(book.rate(&kia()).unwrap(), &RateFilter::default()).unwrap();
        assert_eq!(options.len(), 3, "{}: {options:?}", book.provider);
        assert!(options.windows(2).all(|w| w[0].miles < w[1].miles), "{}: distinct miles, ascending: {options:?}", book.provider);
        assert!(options.windows(2).all(|w| w[0].price < w[1].price), "{}: more coverage costs more: {options:?}", book.provider);
        let middle = &options[1];
        assert!(
            middle.months >= need.months && middle.miles >= need.miles,
            "{}: the middle card covers 6 years: {middle:?}",
            book.provider
        );
        assert!(options.iter().all(|o| o.provider == book.provider && o.price < Cents::dollars(4_000)), "{options:?}");
        let plans: std::collections::BTreeSet<&str> = options.iter().map(|o| o.plan.as_str()).collect();
        assert_eq!(plans.len(), 3, "{}: three different plans", book.provider);
    }
}

#[test]
fn a_four_year_old_kia_gets_the_worked_examples_of_the_books() {
    let rating = rating();
    let d = Cents::dollars;
    // The worked examples in the rate books' comments and data/README.md.
    let summit = rating.quote(&summit(), &kia(), "CO").expect("the Kia is quoted in CO");
    assert_eq!(
        summary(&summit),
        [("NAC", "STANDARD", 60, 75_000, d(1_283)), ("NAC", "SILVER", 72, 100_000, d(2_020)), ("NAC", "PREMIUM", 84, 120_000, d(3_089)),]
    );
    assert!(summit.iter().all(|o| o.tax == Cents(0)), "Colorado does not tax service contracts");
    let prairie = rating.quote(&institution("prairie-trail-fcu"), &kia(), "CO").unwrap();
    assert_eq!(
        summary(&prairie),
        [
            ("Rt66", "First Street", 60, 75_000, d(1_099)),
            ("Rt66", "Main Street", 72, 90_000, d(1_843)),
            ("Rt66", "Easy Street", 84, 100_000, d(2_851)),
        ]
    );
    let efg = filter_rates(rating.book("EFG").unwrap().rate(&kia()).unwrap(), &RateFilter::default()).unwrap();
    let efg: Vec<(&str, u16, u32, Cents)> = efg.iter().map(|o| (o.plan.as_str(), o.months, o.miles, o.price)).collect();
    assert_eq!(efg, [("Powertrain", 60, 80_000, d(1_096)), ("Gold", 72, 100_000, d(2_070)), ("ELITE", 84, 125_000, d(3_326))]);
}

#[test]
fn two_providers_are_merged_into_one_menu() {
    let rating = rating();
    let harbor = institution("harborline-bank");
    let both = rating.quote(&harbor, &kia(), "CO").unwrap();
    assert_eq!(
        summary(&both),
        [
            ("EFG", "Powertrain", 60, 80_000, Cents::dollars(1_096)),
            ("EFG", "Gold", 72, 100_000, Cents::dollars(2_070)),
            ("NAC", "PREMIUM", 84, 120_000, Cents::dollars(3_089)),
        ]
    );
    assert_eq!(quote_provider(&both, &harbor), "EFG", "mixed rates: the quote records the first provider");
    // EFG is not filed in CA, NAC not in NY: there only the other one rates, and the quote records it.
    let ca = rating.quote(&harbor, &kia(), "CA").unwrap();
    assert!(ca.iter().all(|o| o.option.provider == "NAC"), "{ca:?}");
    assert_eq!(quote_provider(&ca, &harbor), "NAC");
    let ny = rating.quote(&harbor, &kia(), "NY").unwrap();
    assert!(ny.iter().all(|o| o.option.provider == "EFG"), "{ny:?}");
    assert_eq!(quote_provider(&ny, &harbor), "EFG");
    // Eligible states are the union of the books' filings.
    let states = rating.eligible_states(&harbor);
    assert_eq!(states.len(), 51, "EFG covers NY and WA, NAC covers CA and FL");
    // A car too old for NAC (16 years) still gets EFG's Powertrain ladder.
    let mut old = kia();
    old.model_year = 2010;
    old.odometer = Odometer(160_000);
    let old = rating.quote(&harbor, &old, "CO").unwrap();
    assert!(old.iter().all(|o| o.option.plan == "Powertrain"), "{old:?}");
    assert_eq!(old.len(), 3);
    // The name filter applies across both books.
    let mut gold = harbor.clone();
    gold.only_covered_plan_name = Some("Gold".into());
    let gold = rating.quote(&gold, &kia(), "CO").unwrap();
    assert_eq!(gold.iter().map(|o| o.option.miles).collect::<Vec<_>>(), [80_000, 100_000, 125_000]);
    assert!(gold.iter().all(|o| o.option.plan == "Gold"));
}

#[test]
fn the_price_cap_and_states_of_each_institution() {
    let rating = rating();
    let prairie = institution("prairie-trail-fcu");
    assert!(rating.book("Rt66").unwrap().sells_in("CO") && !rating.book("Rt66").unwrap().sells_in("CA"));
    assert!(matches!(rating.quote(&prairie, &kia(), "CA"), Err(QuoteError::NoQuotes)));
    // A Porsche Cayenne tops Rt66's class guide; Prairie's $4,000 cap keeps every option under it.
    let mut cayenne = kia();
    cayenne.make = "PORSCHE";
    cayenne.model = "Cayenne";
    let quoted = rating.quote(&prairie, &cayenne, "TX").unwrap();
    assert!(quoted.iter().all(|o| o.option.price <= Cents::dollars(4_000)), "{quoted:?}");
    assert!(!quoted.is_empty());
    let efg = rating.book("EFG").unwrap();
    for state in ["CA", "FL"] {
        assert!(!efg.sells_in(state), "{state}");
    }
}

#[test]
fn the_nac_book_sells_everywhere_but_ny_and_wa_and_taxes_where_the_table_says() {
    let rating = rating();
    let summit = summit();
    let book = rating.book("NAC").unwrap();
    for state in STATE_CODES {
        assert_eq!(book.sells_in(state), !["NY", "WA"].contains(&state), "{state}");
    }
    assert!(matches!(rating.quote(&summit, &kia(), "NY"), Err(QuoteError::NoQuotes)));
    let nc = rating.quote(&summit, &kia(), "NC").unwrap();
    for o in &nc {
        assert_eq!(o.tax, o.option.price.apply_basis_points(475), "NC taxes service contracts at 4.75%");
    }
}

#[test]
fn class_guides_rate_by_make_and_model() {
    let rating = rating();
    let nac = rating.book("NAC").unwrap();
    assert_eq!(nac.vehicle_class("KIA", "SORENTO"), 1, "vPIC spells makes in capitals");
    assert_eq!(nac.vehicle_class("MERCEDES-BENZ", "C-Class"), 3);
    assert_eq!(nac.vehicle_class("MERCEDES-BENZ", "AMG GT"), 4, "performance model");
    assert_eq!(nac.vehicle_class("LAND ROVER", "Defender"), 4);
    assert_eq!(nac.vehicle_class("Ford", "Escape"), 2);
    assert_eq!(nac.vehicle_class("Ford", "F-250"), 3, "heavy-duty diesel pickup");
    assert_eq!(nac.vehicle_class("Tesla", "Model 3"), 2);
    assert_eq!(nac.vehicle_class("Tesla", "Model S"), 3, "high-end EV");
    assert_eq!(nac.vehicle_class("Some New Make", "X"), 2);
    let efg = rating.book("EFG").unwrap();
    assert_eq!(efg.vehicle_class("Ford", "GT"), 5);
    assert_eq!(efg.vehicle_class("Kia", "EV9"), 2);
    let rt66 = rating.book("Rt66").unwrap();
    assert_eq!(rt66.vehicle_class("Chevrolet", "Bolt EV"), 3);
    // A model override moves the price: an F-250 costs more than an F-150 with every provider.
    for book in rating.books() {
        let price = |model: &'static str| {
            let mut r = kia();
            r.make = "FORD";
            r.model = model;
            book.rate(&r).unwrap()[0].price
        };
        assert!(price("F-250") > price("F-150"), "{}", book.provider);
    }
}

#[test]
fn every_eligible_car_rates_and_common_cars_stay_under_the_cap() {
    let rating = rating();
    for book in rating.books() {
        // A 4-year-old car at 45,000 miles of every mainstream class keeps three options under the cap.
        for (make, model) in [("Toyota", "Camry"), ("Ford", "Explorer"), ("BMW", "X3")] {
            let mut r = kia();
            r.make = make;
            r.model = model;
            let kept = filter_rates(book.rate(&r).unwrap(), &RateFilter::default()).unwrap();
            assert_eq!(kept.len(), 3, "{} {make}: {kept:?}", book.provider);
        }
        // Every age and odometer band up to the limits rates three options of ascending miles.
        let limits = &book.eligibility;
        for age in 0..=limits.max_vehicle_age_years {
            for odometer in (0..=limits.max_odometer).step_by(25_000).chain([limits.max_odometer]) {
                for years in [1, 3, 6, 7] {
                    let mut r = kia();
                    r.model_year = 2026 - age;
                    r.odometer = Odometer(odometer);
                    r.years_to_own = years;
                    let options = book.rate(&r).unwrap_or_else(|e| panic!("{}: age {age}, {odometer} miles: {e}", book.provider));
                    assert_eq!(options.len(), 3, "{}: age {age}, {odometer} miles, {years} years: {options:?}", book.provider);
                    assert!(options.windows(2).all(|w| w[0].miles < w[1].miles), "{options:?}");
                }
            }
        }
        let mut too_old = kia();
        too_old.model_year = 2025 - limits.max_vehicle_age_years;
        assert!(book.rate(&too_old).is_err(), "{}", book.provider);
        let mut too_far = kia();
        too_far.odometer = Odometer(limits.max_odometer + 1);
        assert!(book.rate(&too_far).is_err(), "{}", book.provider);
    }
}

#[test]
fn flags_move_the_kia_price_as_each_book_says() {
    let rating = rating();
    for book in rating.books() {
        let s = &book.surcharges;
        let base = book.rate(&kia()).unwrap()[0].price;
        let with = |flags: CarFlags| {
            let mut r = kia();
            r.flags = flags;
            book.rate(&r).unwrap()[0].price
        };
        assert_eq!(with(CarFlags { has_lift_kit_or_oversize_tires: true, ..Default::default() }), base + Cents(s.lift_kit_cents));
        assert_eq!(with(CarFlags { modified_vehicle: true, ..Default::default() }), base + Cents(s.modified_cents));
        assert_eq!(with(CarFlags { second_owner: true, ..Default::default() }), base + Cents(s.second_owner_cents));
        assert!(with(CarFlags { commercial_use: true, ..Default::default() }) > base);
        assert!(with(CarFlags { certified_preowned: true, ..Default::default() }) < base);
        let mut salvage = kia();
        salvage.flags.is_salvage_title = true;
        assert!(book.rate(&salvage).is_err());
    }
}

// ---- Tax table ------------------------------------------------------------------------------

#[test]
fn the_tax_table_covers_every_state_and_the_no_tax_states_are_zero() {
    let rating = rating();
    let tax = rating.tax();
    assert_eq!(tax.states.len(), 51);
    for state in STATE_CODES {
        let entry = &tax.states[state];
        assert!(!entry.source.trim().is_empty(), "{state} cites a source");
    }
    for state in NO_SALES_TAX_STATES {
        let entry = &tax.states[state];
        assert!(!entry.service_contracts_taxed && entry.rate_bps == 0, "{state}");
        assert_eq!(tax.tax_for(state, Cents::dollars(2_000)), Cents(0));
        assert!(!tax.has_sales_tax(state));
    }
    // What the brief states as known.
    assert!(tax.has_sales_tax("WA") && tax.has_sales_tax("ME"));
    assert_eq!(tax.tax_for("NC", Cents::dollars(2_000)), Cents::dollars(95));
    assert!(!tax.has_sales_tax("SC") && !tax.has_sales_tax("MN"));
}

// ---- Plan texts -----------------------------------------------------------------------------

/// Every title and text of every plan has its Spanish (`data/plans/es.json`) with the English's
/// numbers (amounts, days, limits), and the load refuses a missing or a stale translation, naming it.
#[test]
fn plan_texts_have_their_spanish_and_refuse_a_missing_or_stale_one() {
    let texts = PlanTexts::load(&data_dir()).expect("plan texts load");
    let numbers =
        |text: &str| -> Vec<String> { text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(str::to_owned).collect() };
    let mut seen = 0;
    for book in rating().books() {
        for plan in &book.plans {
            let entries = [texts.components(&book.provider, &plan.name), texts.benefits(&book.provider, &plan.name)].concat();
            for entry in entries {
                for english in [&entry.title, &entry.text] {
                    let spanish = texts.translated(english, Language::Es);
                    assert_ne!(&spanish, english, "{} {}: {english:?} has its Spanish", book.provider, plan.name);
                    for n in numbers(english) {
                        assert!(numbers(&spanish).contains(&n), "{} {}: {n} of {english:?} is in {spanish:?}", book.provider, plan.name);
                    }
                    assert_eq!(texts.translated(english, Language::En), *english);
                    seen += 1;
                }
            }
        }
    }
    assert!(seen > 200, "every plan's entries: {seen}");

    // A copy of the plan files whose Spanish lacks one text, then has one no file has.
    let dir = std::env::temp_dir().join(format!("coverline-plans-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("plans")).unwrap();
    for entry in std::fs::read_dir(data_dir().join("plans")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join("plans").join(path.file_name().unwrap())).unwrap();
    }
    let original: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(data_dir().join("plans/es.json")).unwrap()).unwrap();
    let write = |table: &serde_json::Map<String, serde_json::Value>| {
        std::fs::write(dir.join("plans/es.json"), serde_json::to_string(table).unwrap()).unwrap()
    };
    let mut missing = original.clone();
    missing.remove("Roadside assistance");
    write(&missing);
    let error = format!("{:#}", PlanTexts::load(&dir).unwrap_err());
    assert!(
        error.contains("es.json") && error.contains("no translation of") && error.contains("\"Roadside assistance\"'s title"),
        "{error}"
    );
    let mut stale = original.clone();
    stale.insert("Roadside help".into(), serde_json::Value::String("Ayuda en carretera".into()));
    write(&stale);
    let error = format!("{:#}", PlanTexts::load(&dir).unwrap_err());
    assert!(error.contains("es.json") && error.contains("\"Roadside help\", which no plan file has"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn plan_texts_cover_the_spec_areas() {
    let texts = PlanTexts::load(&data_dir()).expect("plan texts load");
    let titles = |provider: &str, plan: &str| -> Vec<String> { texts.components(provider, plan).into_iter().map(|c| c.title).collect() };
    assert_eq!(titles("NAC", "PREMIUM"), AREAS, "PREMIUM covers all eleven areas");
    assert_eq!(titles("NAC", "STANDARD"), ["Engine", "Transmission", "Transfer Case", "Drive Axles", "Cooling"]);
    let silver = titles("NAC", "SILVER");
    assert!(silver.len() > 5 && silver.len() < 11, "SILVER covers most areas: {silver:?}");
    for (provider, full) in [("Rt66", "Easy Street"), ("EFG", "PLATINUM"), ("EFG", "ELITE")] {
        assert_eq!(titles(provider, full), AREAS, "{full} covers all eleven areas");
    }
    assert_eq!(titles("Rt66", "First Street"), ["Engine", "Transmission", "Transfer Case", "Drive Axles"]);
    assert_eq!(titles("EFG", "Powertrain"), ["Engine", "Transmission", "Transfer Case", "Drive Axles"]);
    assert_eq!(titles("EFG", "Power Wrap").len(), 8);
    // Every plan every rate book sells has texts in spec order, and no texts name a plan nobody sells.
    let rating = rating();
    for book in rating.books() {
        let mut sold: Vec<&str> = book.plans.iter().map(|p| p.name.as_str()).collect();
        sold.sort_unstable();
        assert_eq!(texts.plans(&book.provider), sold, "{}: plan texts and rate book name the same plans", book.provider);
        for plan in &book.plans {
            let components = texts.components(&book.provider, &plan.name);
            assert!(!components.is_empty(), "no texts for {}", plan.name);
            assert!(components.iter().all(|c| c.text.len() > 40), "{} has real texts", plan.name);
            let order: Vec<usize> = components.iter().map(|c| AREAS.iter().position(|a| *a == c.title).unwrap()).collect();
            assert!(order.windows(2).all(|w| w[0] < w[1]), "{}: areas in spec order", plan.name);
            let benefits = texts.benefits(&book.provider, &plan.name);
            let has =
                |title: &str, needles: &[&str]| benefits.iter().any(|b| b.title == title && needles.iter().all(|n| b.text.contains(n)));
            assert!(has("Roadside assistance", &["$100 per incident"]), "{}: {benefits:?}", plan.name);
            assert!(has("Key replacement", &["$800", "once per 12 months"]), "{}: {benefits:?}", plan.name);
            assert!(has("Money-back guarantee", &["30-day money-back guarantee"]), "{}: {benefits:?}", plan.name);
        }
    }
}

#[test]
fn benefits_carry_the_amounts_of_spec_section_9() {
    let texts = PlanTexts::load(&data_dir()).unwrap();
    let text = |provider: &str, plan: &str, title: &str| -> String {
        texts
            .benefits(provider, plan)
            .into_iter()
            .find(|b| b.title == title)
            .unwrap_or_else(|| panic!("{provider} {plan}: no {title}"))
            .text
    };
    let rental = |provider: &str, plan: &str| text(provider, plan, "Rental car");
    for plan in ["STANDARD", "SILVER"] {
        assert!(rental("NAC", plan).contains("$50 per day, up to 7 days"), "{plan}");
    }
    assert!(rental("NAC", "PREMIUM").contains("$50 per day") && rental("NAC", "PREMIUM").contains("$560 and 14 days"));
    for plan in ["First Street", "Main Street"] {
        assert!(rental("Rt66", plan).contains("$40 per day") && rental("Rt66", plan).contains("up to $200"), "{plan}");
        assert!(text("Rt66", plan, "Battery replacement").contains("$65"));
    }
    assert!(rental("Rt66", "Easy Street").contains("$50 per day") && rental("Rt66", "Easy Street").contains("$250"));
    assert!(text("Rt66", "Easy Street", "Battery replacement").contains("$65"), "plan entries add to the all-plans ones");
    for plan in ["Powertrain", "Power Wrap", "Gold", "PLATINUM", "ELITE"] {
        assert!(rental("EFG", plan).contains("$40 per day, up to 5 days and $200 per covered repair visit"), "{plan}");
    }
    for plan in ["PLATINUM", "ELITE"] {
        assert!(text("EFG", plan, "Dent repair").contains("$500 maximum"));
        assert!(text("EFG", plan, "Windshield repair").contains("$500 maximum"));
        assert!(text("EFG", plan, "Key fob replacement").contains("$500"));
    }
    assert!(texts.benefits("EFG", "Gold").iter().all(|b| b.title != "Dent repair"));
    assert!(texts.benefits("Nobody", "PREMIUM").is_empty());
}

/// Spec section 9's rental car for Premium ("or $560 and 14 days for Premium") is PREMIUM's, and only
/// PREMIUM's: no other plan of any book names either amount in any of its benefits.
#[test]
fn the_premium_rental_amounts_belong_to_premium_only() {
    let texts = PlanTexts::load(&data_dir()).unwrap();
    for book in rating().books() {
        for plan in &book.plans {
            let benefits = texts.benefits(&book.provider, &plan.name);
            let rental = benefits.iter().find(|b| b.title == "Rental car").unwrap_or_else(|| panic!("{}: no rental car", plan.name));
            let premium_amounts = rental.text.contains("$560") && rental.text.contains("14 days");
            assert_eq!(premium_amounts, plan.name == "PREMIUM", "{} {}: {}", book.provider, plan.name, rental.text);
            if plan.name != "PREMIUM" {
                assert!(benefits.iter().all(|b| !b.text.contains("$560") && !b.text.contains("14 days")), "{}: {benefits:?}", plan.name);
            }
        }
    }
}

// ---- Contract template ----------------------------------------------------------------------

fn contract(sales_tax: Option<&str>, components: Vec<CoveredComponent>) -> ContractDocument {
    let language = Language::En;
    ContractDocument {
        sample: false,
        language,
        texts: coverline_activities::documents::contract_texts(language),
        english_version: None,
        contract_number: "NAC-2026-0048213".into(),
        policy_reference: "pol_7Kq2xW9".into(),
        product_name: coverline_domain::institution::DEFAULT_PRODUCT_NAME.into(),
        provider: "NAC".into(),
        institution_name: "Summit Credit Union".into(),
        institution_phone: "(800) 555-0142".into(),
        primary_color: "0B3D91".into(),
        member_name: "Jordan Alvarez".into(),
        member_address: "1420 Larimer St, Denver, CO 80202".into(),
        member_email: "jordan.alvarez@example.com".into(),
        member_phone: "(303) 555-0187".into(),
        vehicle: "2022 Kia Sportage LX".into(),
        vin: "KNDPMCAC5N7012345".into(),
        odometer: "45,000".into(),
        coverage_name: "PREMIUM".into(),
        term: language.format(
            "contract.coverage.termValue",
            &[("months", MessageValue::Integer(72)), ("miles", MessageValue::String("100,000".into()))],
        ),
        odometer_when_coverage_expires: "145,000".into(),
        effective_date: "03/14/2026".into(),
        expiration_date: "March 14th, 2032".into(),
        deductible: "$50".into(),
        price: "$2,732".into(),
        sales_tax: sales_tax.map(String::from),
        total: "$2,861.76".into(),
        payment_id: "TRK-5561-0923".into(),
        covered_components: components,
        benefits: PlanTexts::load(&data_dir()).unwrap().benefits("NAC", "PREMIUM"),
        contact_lines: vec![CoveredComponent {
            title: language.text("contract.contacts.mechanicalBreakdown").into(),
            text: "(800) 555-0101".into(),
        }],
        refund_text: coverline_activities::documents::DEFAULT_REFUND_TEXT.into(),
        cancellation_rules: {
            let rules = coverline_activities::cancellation::load_rules(&data_dir()).unwrap();
            let co = rules.rules("CO").unwrap();
            format!("{}: {} Source: {}", co.name, co.summary(coverline_domain::language::Language::En), co.source)
        },
        obligor: obligor("CO"),
        disclaimer: coverline_activities::documents::DEFAULT_DISCLAIMER.into(),
    }
}

/// NAC's obligor as named to a member of `state` (data/providers/nac.toml).
fn obligor(state: &str) -> Option<coverline_domain::obligor::NamedObligor> {
    let obligors = coverline_activities::documents::load_obligors(&data_dir().join("providers")).unwrap();
    obligors.named("NAC", state, &coverline_activities::cancellation::load_rules(&data_dir()).unwrap())
}

/// The PDF's text through poppler's pdftotext, or None when it is not installed.
fn pdf_text(pdf: &[u8], name: &str) -> Option<String> {
    let found = Command::new("which").arg("pdftotext").output().is_ok_and(|o| o.status.success());
    if !found {
        println!("note: pdftotext (poppler-utils) not installed; skipping the PDF text checks");
        return None;
    }
    let path = std::env::temp_dir().join(format!("coverline-data-files-{}-{name}.pdf", std::process::id()));
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("pdftotext").args(["-layout"]).arg(&path).arg("-").output().expect("pdftotext runs");
    let _ = std::fs::remove_file(&path);
    assert!(out.status.success(), "pdftotext: {}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).expect("utf-8 text"))
}

/// The page count of pdftotext's output (one form feed per page).
fn pages_of(text: &str) -> usize {
    text.matches('\u{c}').count()
}

/// Collapses runs of whitespace, so text wrapped across lines still matches.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_contract_renders_with_and_without_sales_tax() {
    let renderer = ContractRenderer::load(&data_dir()).expect("template loads");
    let texts = PlanTexts::load(&data_dir()).unwrap();
    let premium = texts.components("NAC", "PREMIUM");

    let taxed = contract(Some("$129.76"), premium.clone());
    let mut untaxed = contract(None, premium);
    let mut no_schedule = contract(None, Vec::new());
    // An institution's own refund text replaces the default; a plan without benefits says so.
    no_schedule.refund_text = "Summit members may cancel within 60 days for a full refund to their Summit account.".into();
    no_schedule.benefits.clear();
    no_schedule.contact_lines.clear();
    // A Texas member's contract names the obligor's Texas registration; one rendered before the
    // obligor was printed names the provider.
    no_schedule.obligor = obligor("TX");
    assert!(no_schedule.obligor.as_ref().unwrap().licence.is_some());
    untaxed.obligor = None;
    // The review page's sample: the same terms, marked SAMPLE, nothing paid.
    let mut sample = contract(Some("$129.76"), texts.components("NAC", "PREMIUM"));
    sample.sample = true;
    sample.contract_number = Language::En.text("contract.sampleNumber").into();
    sample.payment_id = Language::En.text("contract.givenAtPurchase").into();
    for (name, doc) in [("taxed", &taxed), ("untaxed", &untaxed), ("no-schedule", &no_schedule), ("sample", &sample)] {
        let pdf = renderer.render(doc).unwrap_or_else(|e| panic!("{name}: {e:#}"));
        assert!(pdf.starts_with(b"%PDF"), "{name}: not a PDF");
        // To look at the PDFs: COVERLINE_CONTRACT_PDF_DIR=/tmp/contracts cargo test ... --test data_files
        if let Some(dir) = std::env::var_os("COVERLINE_CONTRACT_PDF_DIR") {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(Path::new(&dir).join(format!("contract-{name}.pdf")), &pdf).unwrap();
        }
        let Some(text) = pdf_text(&pdf, name) else { continue };
        let flat = squash(&text);
        for needle in [
            doc.contract_number.as_str(),
            doc.vin.as_str(),
            doc.member_name.as_str(),
            doc.coverage_name.as_str(),
            doc.institution_name.as_str(),
            doc.payment_id.as_str(),
        ] {
            assert!(flat.contains(needle), "{name}: PDF text lacks {needle:?}");
        }
        assert!(flat.contains(&squash(&doc.refund_text)), "{name}: PDF text lacks the refund text");
        assert!(
            flat.contains(&format!("{} {}", Language::En.text("contract.cancellation.stateLaw"), squash(&doc.cancellation_rules))),
            "{name}: the state's cancellation rules are printed: {flat}"
        );
        match &doc.obligor {
            Some(o) => {
                assert!(flat.contains(&format!("and the obligor, {}, which owes its coverage", o.name)), "{name}: {flat}");
                assert!(flat.contains(&format!("Obligor {}, {}, {}", o.name, o.address, o.phone)), "{name}: the obligor's row: {flat}");
                match &o.licence {
                    Some(licence) => assert!(flat.contains(licence.as_str()), "{name}: the licence: {flat}"),
                    None => assert!(!flat.contains("registration no.") && !flat.contains("license no."), "{name}"),
                }
            }
            None => assert!(flat.contains("and the obligor, the provider, NAC, which owes") && !flat.contains("Obligor "), "{name}"),
        }
        assert!(flat.contains("Page 1 of"), "{name}: page footer");
        assert!(flat.contains("March 14th, 2032, or when the odometer reads 145,000 miles"), "{name}: the expiry in a sentence");
        if doc.sample {
            assert!(flat.contains("Sample contract. These are the terms of the PREMIUM plan"), "{name}: the sample banner");
            assert!(flat.contains("It is not a contract and gives no coverage"), "{name}");
            let marked = text.split('\u{c}').filter(|page| page.contains(Language::En.text("contract.sampleBanner"))).count();
            assert_eq!(marked, pages_of(&text), "{name}: every page is marked SAMPLE");
            assert!(!flat.contains("Total paid") && !flat.contains("Paid in full"), "{name}: nothing was paid");
        } else {
            assert!(!flat.contains("Sample contract") && !flat.contains("SAMPLE"), "{name}: a real contract is not marked");
            assert!(flat.contains("Total paid"), "{name}");
        }
        let pages = pages_of(&text);
        assert!(pages >= 2, "{name}: a multi-page contract, got {pages} page(s)");
        // The contract's contact heading is the coverage card's (domain/texts, screens.coverage.contacts).
        let who_to_call = coverline_domain::Language::En.text("screens.coverage.contacts.title");
        match doc.sales_tax.as_deref() {
            Some(tax) => assert!(flat.contains("Sales tax") && flat.contains(tax), "{name}: sales tax line"),
            None => assert!(!flat.contains("Sales tax"), "{name}: no sales tax line"),
        }
        if doc.benefits.is_empty() {
            assert!(flat.contains("No additional benefits come with the PREMIUM plan"), "{name}: no-benefits note");
            assert!(!flat.contains(who_to_call) && !flat.contains(&squash(coverline_activities::documents::DEFAULT_REFUND_TEXT)), "{name}");
        } else {
            // The provider's own benefit texts (NAC: rental $50 per day up to 7 days), not another provider's.
            assert!(flat.contains("$50 per day") && !flat.contains("$40 per day"), "{name}: NAC rental benefit");
            assert!(doc.benefits.iter().all(|b| flat.contains(&squash(&b.text))), "{name}: every benefit printed");
            assert!(flat.contains(who_to_call) && flat.contains("(800) 555-0101"), "{name}: contact lines");
        }
        if doc.covered_components.is_empty() {
            assert!(flat.contains("provided by the administrator"), "{name}: schedule note");
        } else {
            assert!(AREAS.iter().all(|a| flat.contains(a)), "{name}: all component areas listed");
        }
    }
}

/// A Spanish contract (issue 31): every fixed text in Spanish, and near the top of the provider's
/// filed texts (English only) a notice in Spanish linking the English version.
#[test]
fn a_spanish_contract_reads_spanish_and_links_its_english_version() {
    let renderer = ContractRenderer::load(&data_dir()).expect("template loads");
    let es = Language::Es;
    let mut doc = contract(Some("$129.76"), PlanTexts::load(&data_dir()).unwrap().components("NAC", "PREMIUM"));
    doc.language = es;
    doc.texts = coverline_activities::documents::contract_texts(es);
    doc.english_version = Some("https://coverline.example/summit-cu/user/u-1/policy/p-1".into());
    doc.expiration_date = es.long_date(time::Date::from_calendar_date(2032, time::Month::March, 14).unwrap());
    doc.product_name = es.text("labels.defaultProductName").into();
    doc.term = es
        .format("contract.coverage.termValue", &[("months", MessageValue::Integer(72)), ("miles", MessageValue::String("100,000".into()))]);
    doc.refund_text = es.text("messages.defaultRefundText").into();
    doc.disclaimer = es.text("messages.defaultDisclaimer").into();
    doc.contact_lines[0].title = es.text("contract.contacts.mechanicalBreakdown").into();
    let co = coverline_activities::cancellation::load_rules(&data_dir()).unwrap().rules("CO").unwrap().clone();
    doc.cancellation_rules =
        es.fill("contract.cancellation.rules", &[("state", &co.name), ("rules", &co.summary(es)), ("source", &co.source)]);
    let pdf = renderer.render(&doc).unwrap();
    if let Some(dir) = std::env::var_os("COVERLINE_CONTRACT_PDF_DIR") {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(Path::new(&dir).join("contract-spanish.pdf"), &pdf).unwrap();
    }
    assert!(pdf.windows(b"/URI".len()).any(|w| w == b"/URI"), "the English version is a link");
    let Some(text) = pdf_text(&pdf, "spanish") else { return };
    let flat = squash(&text);
    let fill = |key: &str, values: &[(&str, &str)]| squash(&es.fill(&format!("contract.{key}"), values));
    for needle in [
        fill("summary.title", &[]),
        fill("terms.title", &[]),
        fill("summary.expirationValue", &[("date", "14 de marzo de 2032"), ("miles", "145,000")]),
        fill("englishOnly.text", &[]),
        fill("footerPage", &[("page", "1"), ("pages", &pages_of(&text).to_string())]),
    ] {
        assert!(flat.contains(&needle), "the Spanish contract lacks {needle:?}: {flat}");
    }
    for key in ["summary.title", "terms.title", "englishOnly.text"] {
        assert!(!flat.contains(&squash(Language::En.text(&format!("contract.{key}")))), "{key} in English: {flat}");
    }
}
