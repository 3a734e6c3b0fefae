//! The files under `data/` parse with the types that read them in production, and say what the
//! product needs them to say: institutions, the NAC rate book, the sales-tax table, the plan texts
//! and the contract template.

use std::path::{Path, PathBuf};
use std::process::Command;

use coverline_activities::documents::{ContractDocument, ContractRenderer, CoveredComponent, PlanTexts};
use coverline_activities::rating::{QuoteError, Rating};
use coverline_domain::contact::STATE_CODES;
use coverline_domain::institution::Institution;
use coverline_domain::money::Cents;
use coverline_domain::rating::RatingRequest;
use coverline_domain::tax::NO_SALES_TAX_STATES;
use coverline_domain::vehicle::{CarFlags, Odometer};

/// The eleven component areas of spec section 3, in the spec's order.
const AREAS: [&str; 11] = [
    "Engine",
    "Transmission",
    "Transfer Case",
    "Drive Axles",
    "AC / Heating",
    "Suspension",
    "Steering",
    "Cooling",
    "Fuel System",
    "Brakes",
    "Electrical",
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

fn summit() -> Institution {
    let text = std::fs::read_to_string(data_dir().join("institutions/summit-cu.toml")).unwrap();
    Institution::from_toml(&text).expect("summit-cu.toml parses")
}

fn rating() -> Rating {
    Rating::load(&data_dir()).expect("rate books and tax table load")
}

/// A 2022 Kia at 45,000 miles, 15,000 miles a year, kept 6 years, rated in 2026.
fn kia() -> RatingRequest<'static> {
    RatingRequest {
        make: "Kia",
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
    assert!(!files.is_empty(), "no institution files");
    let rating = rating();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let institution = Institution::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(
            path.file_stem().unwrap().to_str().unwrap(),
            institution.institution_id,
            "file name and institutionId agree"
        );
        let logo = data_dir().join("institutions/logos").join(&institution.application_settings.logo_name);
        assert!(logo.is_file(), "{}: logo {} missing", path.display(), logo.display());
        for provider in &institution.application_settings.rate_providers {
            assert!(rating.book(provider).is_some(), "{}: no rate book for {provider}", path.display());
        }
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

// ---- Rate book ------------------------------------------------------------------------------

#[test]
fn a_four_year_old_kia_gets_three_options_under_the_cap_covering_six_years() {
    let rating = rating();
    let options = rating.quote(&summit(), &kia(), "CO").expect("the Kia is quoted in CO");
    assert_eq!(options.len(), 3, "{options:?}");
    let plans: Vec<&str> = options.iter().map(|o| o.option.plan.as_str()).collect();
    assert_eq!(plans, ["STANDARD", "SILVER", "PREMIUM"]);
    for o in &options {
        assert!(o.option.price < Cents::dollars(5_000), "{o:?}");
        assert!(o.option.months >= 72, "term covers 6 years: {o:?}");
        assert!(o.option.miles >= 90_000, "term covers 6 x 15,000 miles: {o:?}");
        assert!(
            (Cents::dollars(1_200)..=Cents::dollars(3_200)).contains(&o.option.price),
            "a typical class-1 car prices between $1,200 and $3,200: {o:?}"
        );
        assert_eq!(o.tax, Cents(0), "Colorado does not tax service contracts");
    }
    assert!(options.windows(2).all(|w| w[0].option.price < w[1].option.price), "more coverage costs more");
    // The worked example in the rate book's comments and data/README.md.
    let prices: Vec<Cents> = options.iter().map(|o| o.option.price).collect();
    assert_eq!(prices, [Cents::dollars(1_485), Cents::dollars(2_020), Cents::dollars(2_732)]);
}

#[test]
fn the_book_sells_everywhere_but_ny_and_wa_and_taxes_where_the_table_says() {
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
fn common_cars_stay_under_the_cap_and_every_eligible_car_rates() {
    let rating = rating();
    let book = rating.book("NAC").unwrap();
    // A 4-year-old car at 45,000 miles of every class keeps all three options on the 72-month term,
    // except the high-cost class where PREMIUM may exceed the cap.
    for (make, all_three) in [("Toyota", true), ("Ford", true), ("BMW", true), ("Porsche", false)] {
        let mut r = kia();
        r.make = make;
        let options = book.rate(&r).unwrap();
        let under = options.iter().filter(|o| o.price <= Cents::dollars(5_000)).count();
        if all_three {
            assert_eq!(under, 3, "{make}: {options:?}");
        } else {
            assert!(under >= 2, "{make}: {options:?}");
        }
    }
    assert_eq!(book.vehicle_class("KIA"), 1, "vPIC spells makes in capitals");
    assert_eq!(book.vehicle_class("MERCEDES-BENZ"), 3);
    assert_eq!(book.vehicle_class("LAND ROVER"), 4);
    assert_eq!(book.vehicle_class("Some New Make"), 2);
    // Every age and odometer band up to the limits rates, and a plan never costs less than a cheaper one.
    for age in 0..=15u16 {
        for odometer in [0, 36_000, 60_000, 80_000, 100_000, 125_000, 150_000] {
            let mut r = kia();
            r.model_year = 2026 - age;
            r.odometer = Odometer(odometer);
            let options = book.rate(&r).unwrap_or_else(|e| panic!("age {age}, {odometer} miles: {e}"));
            assert_eq!(options.len(), 3);
            assert!(options.windows(2).all(|w| w[0].price < w[1].price), "{options:?}");
        }
    }
    let mut too_old = kia();
    too_old.model_year = 2010;
    assert!(book.rate(&too_old).is_err());
}

#[test]
fn flags_move_the_kia_price_as_the_book_says() {
    let rating = rating();
    let book = rating.book("NAC").unwrap();
    let base = book.rate(&kia()).unwrap()[0].price;
    let with = |flags: CarFlags| {
        let mut r = kia();
        r.flags = flags;
        book.rate(&r).unwrap()[0].price
    };
    assert_eq!(with(CarFlags { has_lift_kit_or_oversize_tires: true, ..Default::default() }), base + Cents::dollars(150));
    assert_eq!(with(CarFlags { modified_vehicle: true, ..Default::default() }), base + Cents::dollars(250));
    assert!(with(CarFlags { commercial_use: true, ..Default::default() }) > base);
    assert!(with(CarFlags { certified_preowned: true, ..Default::default() }) < base);
    let mut salvage = kia();
    salvage.flags.is_salvage_title = true;
    assert!(book.rate(&salvage).is_err());
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

#[test]
fn plan_texts_cover_the_spec_areas() {
    let texts = PlanTexts::load(&data_dir()).expect("plan texts load");
    let titles = |plan: &str| -> Vec<String> { texts.components("NAC", plan).into_iter().map(|c| c.title).collect() };
    assert_eq!(titles("PREMIUM"), AREAS, "PREMIUM covers all eleven areas");
    assert_eq!(titles("STANDARD"), ["Engine", "Transmission", "Transfer Case", "Drive Axles", "Cooling"]);
    let silver = titles("SILVER");
    assert!(silver.len() > 5 && silver.len() < 11, "SILVER covers most areas: {silver:?}");
    assert!(silver.iter().all(|t| AREAS.contains(&t.as_str())), "{silver:?}");
    for plan in ["STANDARD", "SILVER", "PREMIUM"] {
        assert!(texts.components("NAC", plan).iter().all(|c| c.text.len() > 40), "{plan} has real texts");
    }
    // Every plan the rate book sells has texts.
    let rating = rating();
    for plan in &rating.book("NAC").unwrap().plans {
        assert!(!texts.components("NAC", &plan.name).is_empty(), "no texts for {}", plan.name);
    }
}

// ---- Contract template ----------------------------------------------------------------------

fn contract(sales_tax: Option<&str>, components: Vec<CoveredComponent>) -> ContractDocument {
    ContractDocument {
        contract_number: "NAC-2026-0048213".into(),
        policy_reference: "pol_7Kq2xW9".into(),
        product_name: "Vehicle Service Contract".into(),
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
        term_months: 72,
        term_miles: "100,000".into(),
        odometer_when_coverage_expires: "145,000".into(),
        effective_date: "03/14/2026".into(),
        expiration_date: "03/14/2032".into(),
        deductible: "$50".into(),
        price: "$2,732.00".into(),
        sales_tax: sales_tax.map(String::from),
        total: "$2,861.76".into(),
        payment_id: "TRK-5561-0923".into(),
        covered_components: components,
        refund_text: coverline_activities::documents::DEFAULT_REFUND_TEXT.into(),
        disclaimer: coverline_activities::documents::DEFAULT_DISCLAIMER.into(),
    }
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
    let untaxed = contract(None, premium);
    let no_schedule = contract(None, Vec::new());
    for (name, doc) in [("taxed", &taxed), ("untaxed", &untaxed), ("no-schedule", &no_schedule)] {
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
        assert!(flat.contains("Page 1 of"), "{name}: page footer");
        let pages = text.matches('\u{c}').count();
        assert!(pages >= 2, "{name}: a multi-page contract, got {pages} page(s)");
        match doc.sales_tax.as_deref() {
            Some(tax) => assert!(flat.contains("Sales tax") && flat.contains(tax), "{name}: sales tax line"),
            None => assert!(!flat.contains("Sales tax"), "{name}: no sales tax line"),
        }
        if doc.covered_components.is_empty() {
            assert!(flat.contains("provided by the administrator"), "{name}: schedule note");
        } else {
            assert!(AREAS.iter().all(|a| flat.contains(a)), "{name}: all component areas listed");
        }
    }
}
